import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEXT_MESSAGE_MAX_LENGTH, type TextMessage } from '@servicebay/domain';
import { ArrowLeftIcon } from '@servicebay/ui';
import { DATE_FORMATS, formatDate, isApiError, truncateText } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import {
  atTop,
  conversationName,
  groupMessagesByDay,
  messageMark,
  pagedItems,
  sendErrorKey,
  textRefusal,
  type ChatConversation,
  type MessageMark,
} from './chat-rules.js';
import { ConsentHistoryButton } from './ConsentHistory.js';
import { ConversationAvatar, useOrderLine } from './ConversationRow.js';
import { MoveTextMenu } from './MoveTextMenu.js';
import { applySent, messagesQuery, sendText } from './texting-api.js';
import { DeliveredIcon, FailedIcon, PendingIcon, ScheduledIcon, SendIcon } from './texting-icons.js';

/** The selected conversation: its header, its texts by day, and the composer. */
export function ChatPane({
  storeId,
  conversation,
  onBack,
}: {
  storeId: string;
  conversation: ChatConversation;
  onBack: () => void;
}) {
  return (
    <>
      <FeedHeader storeId={storeId} conversation={conversation} onBack={onBack} />
      <Feed storeId={storeId} conversation={conversation} />
      <Composer storeId={storeId} conversation={conversation} />
    </>
  );
}

/**
 * Avatar, customer, its mobile number (E.164), in shop or not, year-make-model (and plate), and
 * the customer's consent history.
 */
function FeedHeader({
  storeId,
  conversation,
  onBack,
}: {
  storeId: string;
  conversation: ChatConversation;
  onBack: () => void;
}) {
  const { t } = useTranslation('texting');
  const orderLine = useOrderLine()(conversation);
  const name = conversationName(conversation);
  const business = conversation.business?.trim();
  const inShop = conversation.vehicleInShop && !conversation.inspectionOrderClosed;
  const vehicle = [conversation.yearMakeModel, conversation.licensePlate].filter(Boolean).join(' · ');
  return (
    <div className="texting-feed-header" data-testid="chat-feed-header">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={onBack}
        aria-label={t('chat.back')}
        className="texting-back"
      >
        <ArrowLeftIcon size={18} />
      </ActionIcon>
      <ConversationAvatar conversation={conversation} size={40} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Title order={3} size="h5" lineClamp={2}>
          {name}
        </Title>
        {business && business !== name && (
          <Text size="xs" truncate>
            {business}
          </Text>
        )}
        {conversation.customerNumber && (
          <Text size="xs" data-testid="chat-number">
            {conversation.customerNumber}
          </Text>
        )}
        {vehicle && (
          <Text size="xs" c="dimmed" truncate data-testid="chat-vehicle">
            {vehicle}
          </Text>
        )}
      </Stack>
      <Stack gap={4} align="flex-end">
        {!conversation.provisional && (
          <Badge
            variant={inShop ? 'filled' : 'outline'}
            color={inShop ? 'teal.9' : 'gray.7'}
            data-testid="chat-shop-status"
          >
            {inShop ? t('chat.inShop') : t('chat.notInShop')}
          </Badge>
        )}
        {orderLine && inShop && (
          <Text size="xs" fw={600}>
            {orderLine}
          </Text>
        )}
        {!conversation.customerNumber && (
          <Badge variant="outline" color="red.9">
            {t('chat.noCellPhone')}
          </Badge>
        )}
        {!conversation.permissionToText && (
          <Badge variant="outline" color="red.9" data-testid="chat-opted-out">
            {t('chat.optedOut')}
          </Badge>
        )}
        <ConsentHistoryButton storeId={storeId} customerId={conversation.customerId} />
      </Stack>
    </div>
  );
}

/** The day separator's words: the store's day, 'MMM D, YYYY'. */
function dayLabel(day: string, language: string) {
  return formatDate(`${day}T12:00:00.000Z`, DATE_FORMATS.date, language, { timeZone: 'UTC' });
}

/**
 * The customer's texts, oldest at the top, by the store's day with a separator each, 50 a page:
 * scrolled to its top, it loads the older page (and keeps the place read); a new text scrolls it
 * down when the reader was at the bottom or it is the store's own.
 */
function Feed({ storeId, conversation }: { storeId: string; conversation: ChatConversation }) {
  const { t, i18n } = useTranslation('texting');
  const { api } = useServices();
  const messages = useInfiniteQuery(messagesQuery(api, storeId, conversation.customerId));
  const all = pagedItems(messages.data, (m) => m._id);
  const groups = groupMessagesByDay(all);
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first: string | null; last: string | null; height: number; atBottom: boolean }>({
    first: null,
    last: null,
    height: 0,
    atBottom: true,
  });
  const first = groups[0]?.messages[0]?._id ?? null;
  const lastGroup = groups[groups.length - 1];
  const lastMessage = lastGroup?.messages[lastGroup.messages.length - 1];
  const last = lastMessage?._id ?? null;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    if (
      before.last === null ||
      (last !== before.last && (before.atBottom || lastMessage?.senderType === 'store'))
    ) {
      // First reading, or a new text at the end: show the end.
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      // Older texts came in above: keep the text read where it was.
      el.scrollTop += el.scrollHeight - before.height;
    }
    seen.current = {
      first,
      last,
      height: el.scrollHeight,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 40,
    };
  }, [first, last, lastMessage?.senderType, all.length]);

  const older = () => {
    if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage();
  };

  return (
    <div
      className="texting-feed"
      ref={box}
      tabIndex={0}
      role="region"
      aria-label={t('chat.feed', { name: conversationName(conversation) })}
      onScroll={(event) => {
        const el = event.currentTarget;
        seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        seen.current.height = el.scrollHeight;
        if (atTop(el)) older();
      }}
      data-testid="chat-feed"
    >
      {messages.isPending ? (
        <Group gap="sm" role="status" p="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('chat.loading')}</Text>
        </Group>
      ) : messages.isError ? (
        <Stack gap="xs" p="sm" align="flex-start">
          <Text size="sm" role="alert">
            {t('chat.loadFailed')}
          </Text>
          <Button size="xs" variant="default" onClick={() => void messages.refetch()}>
            {t('chat.retry')}
          </Button>
        </Stack>
      ) : (
        <>
          {messages.hasNextPage && (
            <Group justify="center" py={4}>
              <Button size="xs" variant="subtle" onClick={older} loading={messages.isFetchingNextPage}>
                {t('chat.loadOlder')}
              </Button>
            </Group>
          )}
          {groups.length === 0 && (
            <Text size="sm" ta="center" py="lg">
              {t('chat.noMessages')}
            </Text>
          )}
          {/* A log: new texts are read out as they come. */}
          <div role="log">
            <ol className="texting-messages">
              {groups.map((group) => (
                <li key={group.day} className="texting-day" data-day={group.day}>
                  <div className="texting-day-label">
                    <span>{dayLabel(group.day, i18n.language)}</span>
                  </div>
                  <ol className="texting-messages">
                    {group.messages.map((m) => (
                      <MessageItem key={m._id} storeId={storeId} message={m} />
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
    </div>
  );
}

function MessageItem({ storeId, message }: { storeId: string; message: TextMessage }) {
  const { t, i18n } = useTranslation('texting');
  const mark = messageMark(message);
  const time = formatDate(message.creationDate, DATE_FORMATS.time, i18n.language);
  const who =
    message.senderType === 'store' ? (message.automatic ? t('chat.automatic') : message.senderName) : null;
  return (
    <li
      className="texting-message"
      data-sender={message.senderType}
      data-message-id={message._id}
      data-mark={mark}
    >
      <div className="texting-bubble">{message.text}</div>
      <div className="texting-meta">
        <span>{who ? t('chat.sentBy', { name: who, time }) : time}</span>
        {mark !== 'received' && <StatusMark mark={mark} message={message} />}
        {message.senderType === 'customer' && <MoveTextMenu storeId={storeId} message={message} />}
      </div>
    </li>
  );
}

const MARK_ICONS: Record<Exclude<MessageMark, 'received'>, typeof DeliveredIcon> = {
  final: DeliveredIcon,
  pending: PendingIcon,
  failed: FailedIcon,
  undelivered: FailedIcon,
  scheduled: ScheduledIcon,
};

/** The status icon with its word: delivered, on its way, not sent, not delivered, scheduled for 8:00. */
function StatusMark({ mark, message }: { mark: Exclude<MessageMark, 'received'>; message: TextMessage }) {
  const { t, i18n } = useTranslation('texting');
  const MarkIcon = MARK_ICONS[mark];
  const when = message.scheduledFor
    ? `${formatDate(message.scheduledFor, DATE_FORMATS.dayMonth, i18n.language)} ${formatDate(message.scheduledFor, DATE_FORMATS.time, i18n.language)}`
    : '';
  const label = mark === 'scheduled' ? t('status.scheduled', { time: when }) : t(`status.${mark}`);
  return (
    <span className="texting-status" data-mark={mark} data-testid="message-status">
      <MarkIcon size={14} />
      {label}
    </span>
  );
}

/**
 * Canned messages (short, or in full when expanded; one tap puts it in the box), the message
 * box with its count of characters, and Send. An empty text, one over 1600 characters and a
 * customer without a mobile number are refused here, saying why; the server's refusals (the
 * customer texted STOP...) are said in the chat's words.
 */
function Composer({ storeId, conversation }: { storeId: string; conversation: ChatConversation }) {
  const { t } = useTranslation('texting');
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [full, setFull] = useState(false);
  const canned = store?.cannedMessages ?? [];
  const send = useMutation({
    mutationFn: (body: { text: string; messageId: string }) =>
      sendText(api, conversation.customerId, { ...body, userId: user._id }),
    onSuccess: (message) => {
      applySent(queryClient, storeId, message);
      setText('');
      setError(null);
    },
    onError: (caught) => {
      const key = isApiError(caught) ? sendErrorKey(caught) : null;
      setError(key ? t(`errors.${key}`, { limit: TEXT_MESSAGE_MAX_LENGTH }) : t('errors.sendFailed'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const refusal = textRefusal(text, conversation);
    if (refusal) {
      setError(t(`errors.${refusal.key}`, refusal.values ?? {}));
      return;
    }
    setError(null);
    send.mutate({ text, messageId: crypto.randomUUID() });
  };
  const over = text.length > TEXT_MESSAGE_MAX_LENGTH;
  return (
    <Stack gap={8} className="texting-composer" component="form" onSubmit={submit}>
      {canned.length > 0 && (
        <Group
          gap={6}
          wrap="wrap"
          role="group"
          aria-label={t('chat.canned.label')}
          data-testid="canned-messages"
        >
          {canned.map((c, index) => (
            <Button
              key={index}
              size="compact-sm"
              variant="light"
              color="blue.9"
              onClick={() => {
                setText(c.text);
                setError(null);
              }}
              styles={{
                label: { whiteSpace: full ? 'normal' : 'nowrap', textAlign: 'start' },
                root: { height: 'auto', minHeight: 28, paddingBlock: 4 },
              }}
            >
              {full ? c.text : truncateText(c.text)}
            </Button>
          ))}
          <Button size="compact-sm" variant="subtle" onClick={() => setFull((f) => !f)} aria-expanded={full}>
            {full ? t('chat.canned.collapse') : t('chat.canned.expand')}
          </Button>
        </Group>
      )}
      <Group gap={8} align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          label={t('chat.message.label')}
          description={t('chat.message.counter', { count: text.length, limit: TEXT_MESSAGE_MAX_LENGTH })}
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          error={error !== null || over}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Ctrl+Enter (Cmd+Enter) sends; Enter alone starts a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
          }}
          styles={{ description: { color: over ? 'var(--mantine-color-red-9)' : undefined } }}
        />
        <Button type="submit" leftSection={<SendIcon size={16} />} loading={send.isPending} size="md">
          {t('chat.send')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.9" fw={600} role="alert" data-testid="chat-send-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
