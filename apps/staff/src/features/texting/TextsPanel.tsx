import { Badge, Button, Collapse, Group, Paper, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ChatConversation } from './chat-rules.js';
import { useChat } from './ChatProvider.js';
import { ConversationList, useConversations } from './ConversationList.js';
import { ChatIcon } from './texting-icons.js';

/**
 * The chat's entry with the store's unread total: "Texts 3". Opens the chat on no conversation.
 * Nothing where there is no chat (no store).
 */
export function ChatButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation('texting');
  const chat = useChat();
  if (!chat) return null;
  const unread = chat.counts?.totalUnread ?? 0;
  return (
    <Button
      variant="default"
      size={size}
      leftSection={<ChatIcon size={18} />}
      rightSection={
        unread > 0 ? (
          <Badge color="red.9" variant="filled" size="sm" circle={unread < 10} aria-hidden="true">
            {unread}
          </Badge>
        ) : null
      }
      onClick={() => chat.open()}
      aria-label={unread > 0 ? t('chat.openUnread', { count: unread }) : undefined}
      data-testid="chat-open"
    >
      {t('chat.open')}
    </Button>
  );
}

/**
 * The dashboard's conversation list (spec: one line per customer, failures first, then unread,
 * then the latest), 20 a page, more as it is scrolled; a line opens the chat on it. Kept live by
 * the store's message events (`useTextingLive`).
 */
export function TextsPanel({ maxHeight }: { maxHeight: string }) {
  const chat = useChat();
  if (!chat) return null;
  return <TextsPanelOf storeId={chat.storeId} maxHeight={maxHeight} onOpen={chat.open} />;
}

function TextsPanelOf({
  storeId,
  maxHeight,
  onOpen,
}: {
  storeId: string;
  maxHeight: string;
  onOpen: (conversation: ChatConversation) => void;
}) {
  const { t } = useTranslation('texting');
  const { query, items } = useConversations(storeId);
  // Folded away by the advisor who wants the orders higher: kept for the next visit on this tablet.
  const [shown, setShown] = useLocalStorage({
    key: 'servicebay.dashboard.texts',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  return (
    <Paper
      withBorder
      radius="lg"
      component="section"
      aria-labelledby="texts-panel-title"
      data-testid="texts-panel"
      style={{ overflow: 'hidden' }}
    >
      <Group
        justify="space-between"
        gap="xs"
        px="sm"
        py={8}
        wrap="nowrap"
        style={{ borderBottom: shown ? '1px solid var(--mantine-color-gray-3)' : undefined }}
      >
        <Title order={2} size="h4" id="texts-panel-title">
          {t('chat.listTitle')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <ChatButton size="sm" />
          <Button
            size="sm"
            variant="subtle"
            onClick={() => setShown((v) => !v)}
            aria-expanded={shown}
            aria-controls="texts-panel-list"
          >
            {shown ? t('chat.hideList') : t('chat.showList')}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={shown} id="texts-panel-list">
        <ConversationList
          label={t('chat.listLabel')}
          items={items}
          onOpen={(c) => onOpen(c)}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          loading={query.isPending}
          failed={query.isError}
          onRetry={() => void query.refetch()}
          emptyText={t('chat.noChats')}
          style={{ maxHeight }}
          testId="texts-list"
          layout="grid"
        />
      </Collapse>
    </Paper>
  );
}
