import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationToDisplay, type NotificationList } from '@servicebay/domain';
import { notificationTarget, useNotificationActions } from './NotificationsList.js';

function BellIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M6 16V11a6 6 0 1112 0v5l2 2H4zM10 20a2 2 0 004 0" />
    </svg>
  );
}

/**
 * The dashboard's notification: the first unread one whose expiration is in the future, as a
 * banner; closing it ("mark as read") or opening its order marks it read, and the next one shows.
 */
export function NotificationBanner({ userId, query, onShowAll }: { userId: string; query: UseQueryResult<NotificationList>; onShowAll: () => void }) {
  const { t } = useTranslation('notifications');
  const { read } = useNotificationActions(userId);
  const shown = query.data ? notificationToDisplay(query.data.notifications, new Date()) : null;
  if (!shown) return null;
  const target = notificationTarget(shown);
  return (
    <Alert
      role="status"
      color="blue"
      variant="light"
      icon={<BellIcon />}
      title={t('banner')}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={() => read.mutate(shown.id)}
      mb="md"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="notification-banner"
      data-notification-id={shown.id}
    >
      <Text size="sm" c="bright">
        {shown.headline}
      </Text>
      <Group gap="md" mt={4}>
        {target && (
          <Anchor component={Link} to={target} size="sm" fw={600} onClick={() => read.mutate(shown.id)}>
            {t('open')}
          </Anchor>
        )}
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onShowAll}>
          {t('showAll')}
        </Anchor>
      </Group>
    </Alert>
  );
}
