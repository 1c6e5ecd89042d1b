import { Modal, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationList } from '@servicebay/domain';
import { PageHeader } from '../../kit/PageHeader.js';
import { useSignedIn } from '../../session/signed-in.js';
import { NotificationsList } from './NotificationsList.js';
import { PushPermission } from './PushPermission.js';
import { useNotifications } from './useNotifications.js';

/** The notifications modal the menu's entry opens over the dashboard. */
export function NotificationsModal({ opened, onClose, userId, query }: { opened: boolean; onClose: () => void; userId: string; query: UseQueryResult<NotificationList> }) {
  const { t } = useTranslation(['notifications', 'ui']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('notifications:title')} size="lg" centered closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}>
      <Stack gap="md">
        <PushPermission userId={userId} />
        <NotificationsList userId={userId} query={query} onNavigate={onClose} />
      </Stack>
    </Modal>
  );
}

/** /app/notifications: the same list as a page, for a link or a bookmark. */
export function NotificationsPage() {
  const { t } = useTranslation(['notifications', 'staff']);
  const { user } = useSignedIn();
  const query = useNotifications(user._id, true);
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('notifications:title')} purpose={t('staff:pages.notifications.purpose')} />
      <PushPermission userId={user._id} />
      <NotificationsList userId={user._id} query={query} />
    </Stack>
  );
}
