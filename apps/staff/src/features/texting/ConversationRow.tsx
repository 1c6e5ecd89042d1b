import { useEffect, useState } from 'react';
import { Avatar, Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderNumberDisplay } from '@servicebay/domain';
import { DATE_FORMATS, formatDate, formatTimeAgo, timeAgoRefreshMs } from '@servicebay/web-core';
import { conversationName, initialsOf, lastMessageLine, type ChatConversation } from './chat-rules.js';
import { FailedIcon } from './texting-icons.js';

/** "5 minutes ago", drawn again as often as its age asks (10 s, a minute, an hour, a day). */
export function TimeAgo({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), timeAgoRefreshMs(date, now));
    return () => clearTimeout(timer);
  }, [date, now]);
  const full = `${formatDate(date, DATE_FORMATS.date, i18n.language)} ${formatDate(date, DATE_FORMATS.time, i18n.language)}`;
  return (
    <Text component="time" dateTime={date} title={full} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatTimeAgo(date, now, i18n.language)}
    </Text>
  );
}

/** The customer's picture (the fleet logo or the vehicle's), else the initials. */
export function ConversationAvatar({
  conversation,
  size = 44,
}: {
  conversation: ChatConversation;
  size?: number;
}) {
  return (
    <Avatar
      src={conversation.primaryPicture}
      alt=""
      size={size}
      radius="xl"
      color="blue.9"
      variant="filled"
      aria-hidden="true"
    >
      {initialsOf(conversation)}
    </Avatar>
  );
}

/** "RO 10231", or "Not in shop" when the customer has no open order; nothing for a contact not known yet. */
export function useOrderLine() {
  const { t } = useTranslation(['texting', 'dashboard']);
  return (c: ChatConversation): string | null => {
    if (c.provisional) return null;
    if (c.inspectionOrderClosed || !c.orderNumber) return t('texting:chat.notInShop');
    const display = orderNumberDisplay(c.orderNumber, 'short');
    return display.kind === 'number'
      ? t(`dashboard:${display.key}`, { number: display.number })
      : t('texting:chat.notInShop');
  };
}

/**
 * One conversation of a list: avatar, the customer's name and business, the order number or
 * 'Not in shop', the last text as 'sender: text' (cut at 25 characters, at most two lines), how
 * long ago, the unread badge and the warning of a text not sent. A button: it opens the
 * conversation.
 */
export function ConversationRow({
  conversation,
  selected = false,
  onOpen,
}: {
  conversation: ChatConversation;
  selected?: boolean;
  onOpen: (conversation: ChatConversation) => void;
}) {
  const { t } = useTranslation('texting');
  const orderLine = useOrderLine()(conversation);
  const name = conversationName(conversation);
  const business = conversation.business?.trim();
  const last = lastMessageLine(conversation);
  const unread = conversation.unreadSentMessages;
  const errors = conversation.errorMessages;
  return (
    <UnstyledButton
      className="texting-row"
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(conversation)}
    >
      <ConversationAvatar conversation={conversation} />
      <div className="texting-row-body">
        <Text fw={700} size="sm" truncate data-testid="conversation-name">
          {name}
        </Text>
        {business && business !== name && (
          <Text size="xs" truncate>
            {business}
          </Text>
        )}
        {(orderLine || conversation.date) && (
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="xs" fw={600} c="dimmed" data-testid="conversation-order">
              {orderLine}
            </Text>
            {conversation.date && <TimeAgo date={conversation.date} />}
          </Group>
        )}
        {last && (
          <Text size="sm" lineClamp={2} className="texting-row-last" data-testid="conversation-last">
            {t('chat.lastMessage', { sender: last.sender, text: last.text })}
          </Text>
        )}
      </div>
      {(unread > 0 || errors > 0) && (
        <div className="texting-row-marks">
          {errors > 0 && (
            <span className="texting-row-error" data-testid="conversation-errors">
              <FailedIcon size={18} />
              <VisuallyHidden>{t('chat.notSent', { count: errors })}</VisuallyHidden>
            </span>
          )}
          {unread > 0 && (
            <>
              <Badge
                color="red.9"
                variant="filled"
                size="md"
                circle={unread < 10}
                aria-hidden="true"
                data-testid="conversation-unread"
              >
                {unread}
              </Badge>
              <VisuallyHidden>{t('chat.unreadTexts', { count: unread })}</VisuallyHidden>
            </>
          )}
        </div>
      )}
    </UnstyledButton>
  );
}
