import { Badge, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { clockInRoute, clockOutRoute, readStoreSettings, type ClockEvent } from '@servicebay/domain';
import { DATE_FORMATS, formatDate } from '@servicebay/web-core';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { workOrderPaths } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { clockKey, runningClockQuery, todayEventsQuery, useWorkOrderErrorText } from './work-order-api.js';
import { WorkOrderQueryState } from './WorkOrderPage.js';

/**
 * /app/store/{storeId}/user/{userId}/clock: the technician's clock (docs/integrations.md): clock
 * in and out of the shift, the line the clock runs on with a link to its work order, and today's
 * events. Only with clock-in enabled (Protractor).
 */
export function ClockPage() {
  const { t, i18n } = useTranslation('workOrders');
  const { api } = useServices();
  const { store } = useSignedIn();
  const alerts = useAlerts();
  const errorText = useWorkOrderErrorText();
  const queryClient = useQueryClient();
  const { storeId = '', userId = '' } = useParams();
  const enabled = readStoreSettings(store).integration.enableClockIn;
  const running = useQuery({ ...runningClockQuery(api, storeId, userId), enabled });
  const today = useQuery({ ...todayEventsQuery(api, storeId, userId), enabled });
  const change = useMutation({
    mutationFn: (action: 'in' | 'out') => api.call(action === 'in' ? clockInRoute : clockOutRoute, { params: { storeId, userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clockKey(storeId, userId) }),
    onError: (error) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
  const time = (value: string | null) => (value ? formatDate(value, DATE_FORMATS.time, i18n.language) : t('clock.now'));

  return (
    <Stack gap="lg" data-page="clock">
      <PageHeader title={t('clock.title')} purpose={t('clock.purpose')} />
      {!enabled ? (
        <AlertBanner alert={{ type: 'info', message: t('clock.disabled') }} />
      ) : running.data === undefined ? (
        running.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('loading')}</Text>
          </Group>
        ) : (
          <WorkOrderQueryState error={running.error} onRetry={() => void running.refetch()} />
        )
      ) : (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text size="lg" data-testid="shift-state">
                {running.data?.shift ? t('clock.in', { time: time(running.data.shift.ClockedIn) }) : t('clock.out')}
              </Text>
              {running.data?.shift ? (
                <Button size="lg" color="orange.9" onClick={() => change.mutate('out')} loading={change.isPending}>
                  {t('clock.clockOut')}
                </Button>
              ) : (
                <Button size="lg" onClick={() => change.mutate('in')} loading={change.isPending} data-testid="clock-in">
                  {t('clock.clockIn')}
                </Button>
              )}
            </Group>
            {running.data?.line ? (
              <Group gap="sm">
                <Badge color="orange.9">{t('clock.onLine', { time: time(running.data.line.ClockedIn) })}</Badge>
                {running.data.inspectionOrderId && (
                  <Button component={Link} to={workOrderPaths.workOrder(storeId, running.data.inspectionOrderId)} variant="default">
                    {t('clock.openWorkOrder')}
                  </Button>
                )}
              </Group>
            ) : (
              <Text c="dimmed">{t('clock.noLine')}</Text>
            )}
          </Stack>
        </Paper>
      )}
      {enabled && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t('clock.today')}
          </Title>
          {today.data ? (
            today.data.items.length === 0 ? (
              <Text>{t('clock.noEvents')}</Text>
            ) : (
              <List spacing="xs" data-testid="clock-events">
                {today.data.items.map((event: ClockEvent) => (
                  <List.Item key={event.ID}>
                    {t(event.Type === 'Shift' ? 'clock.eventShift' : 'clock.eventLabor', { from: time(event.ClockedIn), to: time(event.ClockedOut) })}
                  </List.Item>
                ))}
              </List>
            )
          ) : (
            <WorkOrderQueryState error={today.error} onRetry={() => void today.refetch()} />
          )}
        </Paper>
      )}
    </Stack>
  );
}
