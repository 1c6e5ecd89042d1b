import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../context.js';
import {
  contactsOf,
  matchesChatFilter,
  selectConversation,
  selectionAfter,
  type ChatConversation,
} from './chat-rules.js';
import { useChat } from './ChatProvider.js';
import { ChatPane } from './ChatPane.js';
import { ConversationList, useConversations } from './ConversationList.js';
import { applyRead, contactsQuery, markTextsRead } from './texting-api.js';
import { ChatIcon, SearchIcon } from './texting-icons.js';
import { notificationPermission } from './useTextingLive.js';
import './texting.css';

/** How long the hint 'type to search customers' stays under the search box. */
export const SEARCH_HINT_MS = 5000;
/** Narrower than this, the chat takes the whole screen (tablets in portrait, phones). */
const FULL_SCREEN_BELOW = '(max-width: 61.99em)';
/** The chat's width on a wide screen. */
const CHAT_WIDTH = 940;

/**
 * The chat with customers (940 px wide; the whole screen on a narrower tablet or a phone): the
 * search box (filters the active chats as one types; Enter or Search looks for customers among
 * the store's contacts; a clear button), the unread count, the active chats and the contacts,
 * and the selected conversation's feed and composer (`ChatPane`). Opening a conversation with
 * something unread or failed marks it read.
 */
export function ChatModal({
  storeId,
  initial,
  onClose,
}: {
  storeId: string;
  initial: ChatConversation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('texting');
  const { api } = useServices();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(FULL_SCREEN_BELOW) ?? false;
  const counts = useChat()?.counts;
  const { query, items } = useConversations(storeId);
  const [selected, setSelected] = useState<ChatConversation | null>(initial);
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [hint, setHint] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setHint(false), SEARCH_HINT_MS);
    return () => clearTimeout(timer);
  }, []);

  // Selecting a conversation adds it to the list when missing; the list's copy is the newer one.
  const list = selected ? selectConversation(items, selected) : items;
  const current = selectionAfter(list, selected);
  const shown = list.filter((c) => matchesChatFilter(c, term));
  const searchable = searched !== null && searched.length >= 2;
  const contacts = useQuery({ ...contactsQuery(api, storeId, searched ?? ''), enabled: searchable });
  const contactItems = contactsOf(contacts.data, list);

  const read = useMutation({
    mutationFn: (customerId: string) => markTextsRead(api, customerId),
    onMutate: (customerId) => applyRead(queryClient, storeId, customerId),
    onSuccess: (answer, customerId) => applyRead(queryClient, storeId, customerId, answer),
  });
  const reading = useRef<string | null>(null);
  const unseen =
    current && !current.provisional && (current.unreadSentMessages > 0 || current.errorMessages > 0);
  useEffect(() => {
    if (!current || !unseen || reading.current === current.customerId) return;
    reading.current = current.customerId;
    read.mutate(current.customerId, { onSettled: () => (reading.current = null) });
    // Once per conversation opened with something unseen (and again when something new comes in).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.customerId, unseen, current?.unreadSentMessages, current?.errorMessages]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSearched(term.trim());
  };
  const clear = () => {
    setTerm('');
    setSearched(null);
  };

  const unread = counts?.totalUnread ?? 0;
  return (
    <Modal
      opened
      onClose={onClose}
      size={CHAT_WIDTH}
      fullScreen={fullScreen}
      padding={0}
      radius={fullScreen ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': t('chat.close') }}
      title={t('chat.title')}
      styles={{
        body: { padding: 0 },
        header: { paddingInline: 16 },
        title: { fontWeight: 700, fontSize: 'var(--mantine-h4-font-size)' },
      }}
      data-testid="chat-modal"
    >
      <div
        className="texting-chat"
        data-selected={current ? '' : undefined}
        data-fullscreen={fullScreen || undefined}
      >
        <div className="texting-side">
          <Group gap="xs" px="sm" pt="sm" justify="space-between">
            <Badge
              color={unread > 0 ? 'red.9' : 'gray.7'}
              variant={unread > 0 ? 'filled' : 'outline'}
              data-testid="chat-unread"
            >
              {t('chat.unread', { count: unread })}
            </Badge>
            <NotificationPermission />
          </Group>
          <Stack gap={6} p="sm" component="form" role="search" onSubmit={search}>
            <Group gap={6} align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('chat.search.label')}
                placeholder={t('chat.search.placeholder')}
                description={hint ? t('chat.search.hint') : undefined}
                value={term}
                onChange={(event) => setTerm(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && term) {
                    event.stopPropagation();
                    clear();
                  }
                }}
                rightSection={
                  term ? <CloseButton size="sm" aria-label={t('chat.search.clear')} onClick={clear} /> : null
                }
                data-autofocus
              />
              <ActionIcon type="submit" size={36} variant="filled" aria-label={t('chat.search.button')}>
                <SearchIcon size={18} />
              </ActionIcon>
            </Group>
          </Stack>
          <div className="texting-side-lists">
            {searched !== null && (
              <section aria-labelledby="texting-contacts-title" className="texting-contacts">
                <Text id="texting-contacts-title" fw={700} size="sm" px="sm" pt={4} component="h3" m={0}>
                  {t('chat.contacts')}
                </Text>
                {!searchable ? (
                  <Text size="sm" p="sm">
                    {t('chat.searchTooShort')}
                  </Text>
                ) : contacts.isPending ? (
                  <Group gap="sm" p="sm" role="status">
                    <Loader size="sm" aria-hidden="true" />
                    <Text size="sm">{t('chat.contactsSearching')}</Text>
                  </Group>
                ) : contacts.isError ? (
                  <Text size="sm" p="sm" role="alert">
                    {t('chat.contactsFailed')}
                  </Text>
                ) : contactItems.length === 0 ? (
                  <Text size="sm" p="sm">
                    {t('chat.noContacts', { term: searched })}
                  </Text>
                ) : (
                  <ConversationList
                    label={t('chat.contacts')}
                    items={contactItems}
                    selectedId={current?.customerId ?? null}
                    onOpen={setSelected}
                    hasMore={false}
                    loadingMore={false}
                    onLoadMore={() => {}}
                    loading={false}
                    failed={false}
                    onRetry={() => {}}
                    emptyText=""
                    testId="chat-contacts"
                  />
                )}
              </section>
            )}
            <section aria-labelledby="texting-active-title" className="texting-active">
              <Text id="texting-active-title" fw={700} size="sm" px="sm" pt={4} component="h3" m={0}>
                {t('chat.activeChats')}
              </Text>
              <ConversationList
                label={t('chat.activeChats')}
                items={shown}
                selectedId={current?.customerId ?? null}
                onOpen={setSelected}
                hasMore={query.hasNextPage && !term.trim()}
                loadingMore={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
                loading={query.isPending}
                failed={query.isError}
                onRetry={() => void query.refetch()}
                emptyText={term.trim() ? t('chat.noMatch', { term: term.trim() }) : t('chat.noChats')}
                testId="chat-active"
              />
            </section>
          </div>
        </div>
        <div className="texting-pane">
          {current ? (
            <ChatPane
              key={current.customerId}
              storeId={storeId}
              conversation={current}
              onBack={() => setSelected(null)}
            />
          ) : (
            <Stack align="center" justify="center" h="100%" p="lg">
              <ChatIcon size={40} />
              <Text ta="center" maw={360}>
                {t('chat.pickOne')}
              </Text>
            </Stack>
          )}
        </div>
      </div>
    </Modal>
  );
}

/**
 * "Announce new texts": asks the browser's permission for notifications, only when the person
 * asks (never on its own), and thanks once it is granted. Hidden once granted or denied.
 */
function NotificationPermission() {
  const { t } = useTranslation('texting');
  const [permission, setPermission] = useState(notificationPermission);
  if (permission !== 'default') return null;
  const ask = async () => {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === 'granted') {
      try {
        new Notification(t('chat.notify.thanks'));
      } catch {
        // Notifications from a service worker only (Android): the permission is kept all the same.
      }
    }
  };
  return (
    <Button size="compact-xs" variant="subtle" onClick={() => void ask()}>
      {t('chat.notify.enable')}
    </Button>
  );
}
