import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INTERNAL_CHAT_TEXT_MAX_LENGTH, orderNumberDisplay, type InternalChatMessage } from '@servicebay/domain';
import { DATE_FORMATS, formatDate, isApiError } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { applyRead, historyKey, historyQuery, markChatRead, sendChatMessage } from './shop-chat-api.js';
import { addToHistory, dayOf, historyMessages, newClientMessageId, type HistoryPages } from './shop-chat-rules.js';
import type { ShopChatOrder } from './ShopChatProvider.js';
import { ShopChatIcon } from './ShopChatButton.js';

/**
 * The shop chat of one repair order (docs/internal-chat.md): its messages live, oldest at the top,
 * with "Earlier messages" paging back 20 at a time; Enter sends (Shift+Enter starts a new line);
 * what is shown is marked read. Full screen under tablet width.
 */
export function ShopChatModal({ storeId, userId, order, onClose }: { storeId: string; userId: string; order: ShopChatOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation('shopChat');
  const { t: td } = useTranslation('dashboard');
  const { api } = useServices();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 40em)');
  const history = useInfiniteQuery({ ...historyQuery(api, storeId, userId, order.id), staleTime: 0 });
  const messages = historyMessages(history.data as HistoryPages | undefined);
  const channel = history.data?.pages[0]?.channel;
  const [text, setText] = useState('');
  const [clientId, setClientId] = useState(newClientMessageId);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const display = orderNumberDisplay(order.orderNumber ?? channel?.orderNumber ?? null, 'short');
  const orderLabel = display.kind === 'number' ? td(display.key, { number: display.number }) : td(display.key);

  const send = useMutation({
    mutationFn: (body: { text: string; clientMessageId: string }) => sendChatMessage(api, storeId, userId, order.id, body.text, body.clientMessageId),
    onSuccess: (message) => {
      queryClient.setQueryData<HistoryPages>(historyKey(storeId, order.id), (data) => addToHistory(data, message, { text: message.text, date: message.creationDate, lastMessageIndex: message.index }));
      applyRead(queryClient, storeId, order.id, message.index);
      setText('');
      setClientId(newClientMessageId());
    },
  });

  const latest = messages.at(-1)?.index ?? 0;
  const readUpTo = useRef(0);
  useEffect(() => {
    if (!channel || latest === 0 || latest <= Math.max(readUpTo.current, channel.lastReadIndex)) return;
    readUpTo.current = latest;
    markChatRead(api, storeId, userId, order.id, latest).then(
      (after) => applyRead(queryClient, storeId, order.id, after.lastReadIndex),
      (error: unknown) => console.warn('Shop chat: could not mark the chat read', error),
    );
  }, [api, channel, latest, order.id, queryClient, storeId, userId]);

  // New messages keep the view at the bottom; paging back keeps the reader where they were.
  const lastIndex = useRef(0);
  const heightBefore = useRef(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (latest !== lastIndex.current && stickToBottom.current) list.scrollTop = list.scrollHeight;
    else if (heightBefore.current) list.scrollTop = list.scrollHeight - heightBefore.current;
    heightBefore.current = 0;
    lastIndex.current = latest;
  }, [latest, messages.length]);

  // The view follows new messages while the reader is at (or near) the bottom.
  const onScroll = () => {
    const list = listRef.current;
    if (list) stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  };
  // Content that grows after the view was placed (the modal still opening, a line wrapping late)
  // keeps the view at the bottom while the reader is there.
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const content = contentRef.current;
    if (!list || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(content);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const loadEarlier = () => {
    stickToBottom.current = false;
    heightBefore.current = listRef.current?.scrollHeight ?? 0;
    void history.fetchNextPage();
  };

  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    stickToBottom.current = true;
    send.mutate({ text: body, clientMessageId: clientId });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const errorKey = (error: unknown) => {
    const code = isApiError(error) ? error.code : '';
    return code === 'INTERNAL_CHAT_DISABLED' || code === 'NOT_FOUND' || code === 'FORBIDDEN' ? (`errors.${code}` as const) : ('errors.generic' as const);
  };
  let previousDay = '';

  return (
    <Modal
      opened
      onClose={onClose}
      size={560}
      fullScreen={fullScreen}
      radius={fullScreen ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': t('close') }}
      title={
        <Group gap="xs" wrap="nowrap">
          <ShopChatIcon size={20} aria-hidden="true" />
          <span>{t('title', { order: orderLabel })}</span>
        </Group>
      }
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-h4-font-size)' } }}
      data-testid="shop-chat-modal"
    >
      <Stack gap="sm">
        {(channel?.customerName || channel?.yearMakeModel) && (
          <Text size="sm" c="dimmed" data-testid="shop-chat-subtitle">
            {[channel.customerName ?? channel.business, channel.yearMakeModel, channel.licensePlate].filter(Boolean).join(' · ')}
          </Text>
        )}
        {history.isError && (
          <Alert color="red" title={t('errors.title')} role="alert">
            {t(errorKey(history.error))}
          </Alert>
        )}
        <div
          ref={listRef}
          className="shop-chat-list"
          role="log"
          aria-live="polite"
          aria-label={t('messages')}
          tabIndex={0}
          onScroll={onScroll}
          style={{ height: fullScreen ? 'calc(100dvh - 260px)' : 380, overflowY: 'auto', paddingRight: 4 }}
          data-testid="shop-chat-messages"
        >
          {history.hasNextPage && (
            <Group justify="center" mb="xs">
              <Button variant="subtle" size="compact-sm" onClick={loadEarlier} loading={history.isFetchingNextPage} data-testid="shop-chat-earlier">
                {t('earlier')}
              </Button>
            </Group>
          )}
          {history.isPending && (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label={t('loading')} />
            </Group>
          )}
          {!history.isPending && messages.length === 0 && !history.isError && (
            <Text c="dimmed" ta="center" p="md" data-testid="shop-chat-empty">
              {t('empty')}
            </Text>
          )}
          <Stack gap={6} ref={contentRef}>
            {messages.map((message) => {
              const day = dayOf(message.creationDate);
              const separator = day !== previousDay;
              previousDay = day;
              return (
                <div key={message.id}>
                  {separator && (
                    <Text size="xs" c="dimmed" ta="center" my={4} data-testid="shop-chat-day">
                      {formatDate(message.creationDate, DATE_FORMATS.date, i18n.language)}
                    </Text>
                  )}
                  <ChatBubble message={message} mine={message.senderId === userId} language={i18n.language} youLabel={t('you')} />
                </div>
              );
            })}
          </Stack>
        </div>
        {send.isError && (
          <Alert color="red" role="alert" data-testid="shop-chat-send-error">
            {t(errorKey(send.error))}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label={t('compose')}
            description={t('composeHint')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            maxLength={INTERNAL_CHAT_TEXT_MAX_LENGTH}
            autosize
            minRows={1}
            maxRows={4}
            data-autofocus
            data-testid="shop-chat-input"
          />
          <Button onClick={submit} loading={send.isPending} disabled={text.trim() === ''} data-testid="shop-chat-send">
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ChatBubble({ message, mine, language, youLabel }: { message: InternalChatMessage; mine: boolean; language: string; youLabel: string }) {
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid="shop-chat-message" data-index={message.index} data-mine={mine || undefined}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
        withBorder={!mine}
      >
        <Text size="xs" fw={700}>
          {mine ? youLabel : message.senderName}{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            {formatDate(message.creationDate, DATE_FORMATS.time, language)}
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
      </Paper>
    </Group>
  );
}
