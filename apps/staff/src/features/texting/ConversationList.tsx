import { useMemo, type CSSProperties } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../context.js';
import { pagedItems, scrolledFarEnough, type ChatConversation } from './chat-rules.js';
import { ConversationRow } from './ConversationRow.js';
import { conversationsQuery } from './texting-api.js';
import './texting.css';

/** The store's conversations, page after page as they are asked for (20 a page), each customer once. */
export function useConversations(storeId: string) {
  const { api } = useServices();
  const query = useInfiniteQuery(conversationsQuery(api, storeId));
  const items = useMemo(
    () => pagedItems(query.data, (c) => c.customerId) as ChatConversation[],
    [query.data],
  );
  return { query, items };
}

/**
 * A scrolling list of conversations: the next page loads once the list is scrolled 80 percent of
 * the way down, and a button at its end does the same for the keyboard. Loading, error (with Try
 * again) and empty states are said in the list's place.
 */
export function ConversationList({
  label,
  items,
  selectedId = null,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
  loading,
  failed,
  onRetry,
  emptyText,
  style,
  testId,
  layout = 'column',
}: {
  label: string;
  items: readonly ChatConversation[];
  selectedId?: string | null;
  onOpen: (conversation: ChatConversation) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  emptyText: string;
  style?: CSSProperties;
  testId?: string;
  /** One column (the chat), or as many columns of 300 px as fit (the dashboard). */
  layout?: 'column' | 'grid';
}) {
  const { t } = useTranslation('texting');
  const more = () => {
    if (hasMore && !loadingMore) onLoadMore();
  };
  return (
    <div
      className="texting-scroll"
      style={style}
      onScroll={(event) => {
        if (scrolledFarEnough(event.currentTarget)) more();
      }}
      data-testid={testId}
    >
      {loading ? (
        <Group gap="sm" p="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('chat.loading')}</Text>
        </Group>
      ) : failed ? (
        <Stack gap="xs" p="sm" align="flex-start">
          <Text size="sm" role="alert">
            {t('chat.loadFailed')}
          </Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('chat.retry')}
          </Button>
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm" p="sm">
          {emptyText}
        </Text>
      ) : (
        <>
          <ul className="texting-list" data-layout={layout} aria-label={label}>
            {items.map((c) => (
              <li
                key={c.customerId}
                data-customer-id={c.customerId}
                data-unread={c.unreadSentMessages}
                data-errors={c.errorMessages}
              >
                <ConversationRow conversation={c} selected={c.customerId === selectedId} onOpen={onOpen} />
              </li>
            ))}
          </ul>
          {hasMore && (
            <Group justify="center" p="xs">
              <Button size="xs" variant="subtle" onClick={more} loading={loadingMore}>
                {t('chat.loadMore')}
              </Button>
            </Group>
          )}
        </>
      )}
    </div>
  );
}
