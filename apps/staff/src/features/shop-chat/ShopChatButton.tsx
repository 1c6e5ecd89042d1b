import { ActionIcon, Badge, Button, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps } from '@servicebay/ui';
import { useShopChat, type ShopChatOrder } from './ShopChatProvider.js';

export const ShopChatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v10H9l-5 4V5z" />
    <path d="M8 9h8M8 12h5" />
  </Icon>
);

/**
 * Opens the order's shop chat: a button with its label on the order page, a round icon with the
 * unread count on a dashboard card. Nothing where the caller has no shop chat.
 */
export function ShopChatButton({ order, compact = false }: { order: ShopChatOrder; compact?: boolean }) {
  const { t } = useTranslation('shopChat');
  const chat = useShopChat();
  if (!chat) return null;
  const unread = chat.unread(order.id);
  const label = unread > 0 ? t('openUnread', { count: unread }) : t('open');
  if (compact) {
    return (
      <Indicator label={unread} size={18} color="red.8" disabled={unread === 0} offset={4} inline>
        <ActionIcon
          variant="light"
          size="lg"
          radius="xl"
          aria-label={label}
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
            chat.open(order);
          }}
          data-testid="shop-chat-icon"
          data-unread={unread}
        >
          <ShopChatIcon size={20} />
        </ActionIcon>
      </Indicator>
    );
  }
  return (
    <Button
      size="compact-md"
      variant="light"
      leftSection={<ShopChatIcon size={16} />}
      rightSection={unread > 0 ? <Badge size="sm" color="red.8" aria-hidden="true">{unread}</Badge> : null}
      aria-label={label}
      onClick={() => chat.open(order)}
      data-testid="shop-chat-open"
      data-unread={unread}
    >
      {t('button')}
    </Button>
  );
}
