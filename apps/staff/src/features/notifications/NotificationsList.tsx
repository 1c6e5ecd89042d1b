import { ActionIcon, Anchor, Box, Button, Group, Loader, ScrollArea, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationDate, type Notification, type NotificationList } from '@servicebay/domain';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { applyNotification, archiveMany, archiveOne, markRead, notificationsKey, withoutNotifications } from './notifications-api.js';

/** The spec's height limit of the list; longer lists scroll inside it. */
export const NOTIFICATION_LIST_MAX_HEIGHT = 300;

/** Where a notification leads inside the app (the router's path, without /app): its order's page. */
export const notificationTarget = (n: Pick<Notification, 'storeId' | 'inspectionOrderId'>) =>
  n.storeId && n.inspectionOrderId ? `/store/${encodeURIComponent(n.storeId)}/inspectionOrder/${encodeURIComponent(n.inspectionOrderId)}` : null;

function ArchiveIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M3 4h18v4H3zM5 8v12h14V8M10 12h4" />
    </svg>
  );
}

/** Marking read and archiving, with the cache kept in step. */
export function useNotificationActions(userId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const { t } = useTranslation('notifications');
  const key = notificationsKey(userId);
  const drop = (ids: string[]) => queryClient.setQueryData<NotificationList>(key, (list) => (list ? withoutNotifications(list, ids, new Date()) : list));
  const failed = () => alerts.show({ type: 'warning', message: t('archiveFailed') });
  const read = useMutation({
    mutationFn: (id: string) => markRead(api, userId, id),
    onSuccess: (notification) => applyNotification(queryClient, userId, notification),
  });
  const archive = useMutation({
    mutationFn: (id: string) => archiveOne(api, userId, id),
    onSuccess: (notification) => drop([notification.id]),
    onError: failed,
  });
  const archiveAll = useMutation({
    mutationFn: (ids: string[]) => archiveMany(api, userId, ids),
    onSuccess: (_answer, ids) => drop(ids),
    // Some were archived elsewhere meanwhile: read the list again.
    onError: () => {
      failed();
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return { read, archive, archiveAll };
}

/**
 * The notifications list widget: each notification's date ('YY-MM-DD'), its headline (bold
 * while unread) and an archive button, at most 300 px high; "Archive all" above. Opening a
 * notification marks it read and goes to its order.
 */
export function NotificationsList({ userId, query, onNavigate }: { userId: string; query: UseQueryResult<NotificationList>; onNavigate?: () => void }) {
  const { t } = useTranslation('notifications');
  const { read, archive, archiveAll } = useNotificationActions(userId);

  if (query.data === undefined) {
    if (query.isPending)
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Group>
      );
    return (
      <Stack gap="sm" align="flex-start">
        <AlertBanner alert={{ type: 'warning', message: t('error') }} />
        <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
      </Stack>
    );
  }
  const list = query.data.notifications;
  const open = (n: Notification) => {
    if (!n.read) read.mutate(n.id);
    onNavigate?.();
  };

  return (
    <Stack gap="xs" data-testid="notifications-list">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="notifications-unread">
          {t('unreadCount', { count: query.data.unread })}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={list.length === 0}
          loading={archiveAll.isPending}
          onClick={() => archiveAll.mutate(list.map((n) => n.id))}
        >
          {t('archiveAll')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text py="sm">{t('empty')}</Text>
      ) : (
        <ScrollArea.Autosize mah={NOTIFICATION_LIST_MAX_HEIGHT} type="auto" offsetScrollbars data-testid="notifications-scroll">
          <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((n) => {
              const target = notificationTarget(n);
              const headline = (
                <Text size="sm" fw={n.read ? 400 : 700} c={n.read ? 'dimmed' : undefined} style={{ wordBreak: 'break-word' }}>
                  {!n.read && <VisuallyHidden component="span">{`${t('unread')}: `}</VisuallyHidden>}
                  {n.headline}
                </Text>
              );
              return (
                <Group
                  component="li"
                  key={n.id}
                  gap="sm"
                  wrap="nowrap"
                  align="flex-start"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  data-notification-id={n.id}
                  data-read={n.read}
                >
                  <Text size="sm" ff="monospace" c="dimmed" style={{ flexShrink: 0 }} data-testid="notification-date">
                    {notificationDate(n.created)}
                  </Text>
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    {target ? (
                      <Anchor component={Link} to={target} underline="hover" c="inherit" onClick={() => open(n)}>
                        {headline}
                      </Anchor>
                    ) : (
                      <UnstyledButton onClick={() => open(n)}>{headline}</UnstyledButton>
                    )}
                  </Box>
                  <Tooltip label={t('archive')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t('archiveOne', { headline: n.headline })}
                      loading={archive.isPending && archive.variables === n.id}
                      onClick={() => archive.mutate(n.id)}
                    >
                      <ArchiveIcon />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
