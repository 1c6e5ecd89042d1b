import { useState, type ReactNode } from 'react';
import { Accordion, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  actingRole,
  allClearRoute,
  allDoneRoute,
  clockStartRoute,
  clockStopRoute,
  isTechnician,
  lineClearRoute,
  lineDoneRoute,
  orderNumberDisplay,
  readStoreSettings,
  workOrderSyncRoute,
  workOrderTextRoute,
  isRole,
  type ServicePackageLine,
  type WorkOrder,
  type WorkOrderTextField,
} from '@servicebay/domain';
import { isApiError } from '@servicebay/web-core';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { orderPaths, workOrderPaths } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { orderQuery } from '../repair-orders/repair-order-api.js';
import { useLiveOrder } from '../dashboard/useLiveOrders.js';
import { clockKey, runningClockQuery, useLiveWorkOrder, useWorkOrderErrorText, workOrderKey, workOrderQuery } from './work-order-api.js';

/** Loading, error and not-linked states of the work-order pages. */
export function WorkOrderQueryState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('workOrders');
  const errorText = useWorkOrderErrorText();
  if (!error) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  }
  const known = isApiError(error) && error.status < 500 && error.code !== 'NOT_FOUND';
  return (
    <Stack gap="sm" align="flex-start">
      <AlertBanner alert={{ type: 'warning', message: known ? errorText(error) : t('failed') }} />
      {!known && <Button onClick={onRetry}>{t('retry')}</Button>}
    </Stack>
  );
}

/** The frame of the ticket's work-order pages: title with the RO number, the ways back and on. */
export function WorkOrderFrame({ page, children, actions }: { page: 'workOrder' | 'parts'; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation(['workOrders', 'dashboard']);
  const { api } = useServices();
  const { user } = useSignedIn();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const order = useQuery(orderQuery(api, storeId, inspectionOrderId));
  useLiveOrder(storeId, inspectionOrderId);
  const number = order.data ? orderNumberDisplay(order.data.orderNumber, 'short') : null;
  const label = number ? (number.kind === 'number' ? t(`dashboard:${number.key}`, { number: number.number }) : t(`dashboard:${number.key}`)) : '';
  const role = actingRole(user);
  return (
    <Stack gap="lg" data-page={page}>
      <PageHeader title={`${t(`workOrders:${page}.title`)}${label ? ` · ${label}` : ''}`} purpose={t(`workOrders:${page}.purpose`)}>
        <Group gap="xs">{actions}</Group>
      </PageHeader>
      {children}
      <Group gap="sm">
        <Button component={Link} to={orderPaths.order(storeId, inspectionOrderId)} variant="default">
          {t('workOrders:workOrder.backToOrder')}
        </Button>
        {page === 'workOrder' ? (
          <Button component={Link} to={workOrderPaths.parts(storeId, inspectionOrderId)} variant="default">
            {t('workOrders:workOrder.toParts')}
          </Button>
        ) : (
          <Button component={Link} to={workOrderPaths.workOrder(storeId, inspectionOrderId)} variant="default">
            {t('workOrders:workOrder.title')}
          </Button>
        )}
        {isRole(role) && isTechnician(role) && (
          <Button component={Link} to={workOrderPaths.clock(storeId, user._id)} variant="default">
            {t('workOrders:workOrder.toClock')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * /app/store/{storeId}/inspectionOrder/{id}/workOrder: the ticket's work order in the shop system
 * (docs/integrations.md). Service packages with their lines; labour lines done or cleared one by
 * one or all at once; a technician starts and stops its clock on a labour line; header and footer
 * texts edited while the work order is open. Changes made elsewhere show as they happen.
 */
export function WorkOrderPage() {
  const { t } = useTranslation('workOrders');
  const { api } = useServices();
  const alerts = useAlerts();
  const errorText = useWorkOrderErrorText();
  const queryClient = useQueryClient();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const workOrder = useQuery(workOrderQuery(api, storeId, inspectionOrderId));
  useLiveWorkOrder(storeId, inspectionOrderId);
  const params = { storeId, inspectionOrderId };
  const sync = useMutation({
    mutationFn: () => api.call(workOrderSyncRoute, { params }),
    onSuccess: (wo) => {
      queryClient.setQueryData(workOrderQuery(api, storeId, inspectionOrderId).queryKey, wo);
      alerts.show({ type: 'success', message: t('workOrder.sent') });
    },
    onError: (error) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
  const notSentYet = isApiError(workOrder.error) && workOrder.error.code === 'NOT_FOUND';

  return (
    <WorkOrderFrame
      page="workOrder"
      actions={
        workOrder.data && (
          <>
            <Badge color={workOrder.data.allDone ? 'teal.9' : 'blue.8'} data-testid="work-order-state">
              {workOrder.data.allDone ? t('workOrder.allDone') : t('workOrder.state', { state: t(`states.${stateOf(workOrder.data)}`) })}
            </Badge>
            {!workOrder.data.closed && (
              <Button variant="default" onClick={() => sync.mutate()} loading={sync.isPending}>
                {t('workOrder.sendAgain')}
              </Button>
            )}
          </>
        )
      }
    >
      {notSentYet ? (
        <Paper withBorder p="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t('workOrder.empty')}</Text>
            <Button size="lg" onClick={() => sync.mutate()} loading={sync.isPending} data-testid="send-approved-work">
              {t('workOrder.send')}
            </Button>
          </Stack>
        </Paper>
      ) : workOrder.data ? (
        <WorkOrderBody workOrder={workOrder.data} />
      ) : (
        <WorkOrderQueryState error={workOrder.error} onRetry={() => void workOrder.refetch()} />
      )}
    </WorkOrderFrame>
  );
}

function stateOf(wo: WorkOrder): 'notStarted' | 'pending' | 'inProgress' | 'done' {
  const lines = wo.ServicePackages.flatMap((p) => p.ServicePackageLines.filter((l) => l.Type === 'Labor'));
  if (lines.length === 0) return 'notStarted';
  if (lines.every((l) => l.Completed)) return 'done';
  return lines.some((l) => l.Completed || l.ClockRunning) ? 'inProgress' : 'pending';
}

function WorkOrderBody({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation('workOrders');
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const alerts = useAlerts();
  const errorText = useWorkOrderErrorText();
  const queryClient = useQueryClient();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const params = { storeId, inspectionOrderId };
  const role = actingRole(user);
  const technician = isRole(role) && isTechnician(role);
  const clockIn = readStoreSettings(store).integration.enableClockIn;
  const running = useQuery({ ...runningClockQuery(api, storeId, user._id), enabled: technician && clockIn });
  const keep = (wo: WorkOrder) => queryClient.setQueryData(workOrderQuery(api, storeId, inspectionOrderId).queryKey, wo);
  const onError = (error: unknown) => alerts.show({ type: 'danger', message: errorText(error) });

  const lineChange = useMutation({
    mutationFn: ({ line, done }: { line: ServicePackageLine; done: boolean }) =>
      api.call(done ? lineDoneRoute : lineClearRoute, { params: { ...params, packageLineId: line.ID }, body: { workerId: user._id } }),
    onSuccess: keep,
    onError,
  });
  const allChange = useMutation({
    mutationFn: ({ done, mine }: { done: boolean; mine?: boolean }) =>
      api.call(done ? allDoneRoute : allClearRoute, { params, body: mine ? { workerId: user._id } : {} }),
    onSuccess: keep,
    onError,
  });
  const clock = useMutation({
    mutationFn: ({ line, start }: { line: ServicePackageLine; start: boolean }) =>
      api.call(start ? clockStartRoute : clockStopRoute, {
        params: { storeId, userId: user._id },
        body: { inspectionOrderId, servicePackageLineId: line.ID, timeClockEventId: running.data?.line?.ID ?? null },
      }),
    onSuccess: (clockNow) => {
      queryClient.setQueryData(runningClockQuery(api, storeId, user._id).queryKey, clockNow);
      void queryClient.invalidateQueries({ queryKey: workOrderKey(storeId, inspectionOrderId) });
      void queryClient.invalidateQueries({ queryKey: clockKey(storeId, user._id) });
    },
    onError,
  });
  const myLine = running.data?.line?.ServicePackageLineID ?? null;
  const closed = workOrder.closed;
  const expanded = workOrder.expandedByDefault ? workOrder.ServicePackages.map((p) => p.ID) : workOrder.ServicePackages.slice(0, 1).map((p) => p.ID);

  return (
    <Stack gap="md">
      {closed && <AlertBanner alert={{ type: 'info', message: t('workOrder.closed') }} />}
      <WorkOrderTexts workOrder={workOrder} onSaved={keep} />
      {!closed && (
        <Group gap="sm">
          <Button variant="default" onClick={() => allChange.mutate({ done: true })} loading={allChange.isPending} data-testid="all-done">
            {t('workOrder.markAllDone')}
          </Button>
          {technician && (
            <Button variant="default" onClick={() => allChange.mutate({ done: true, mine: true })} loading={allChange.isPending}>
              {t('workOrder.markMineDone')}
            </Button>
          )}
          <Button variant="subtle" onClick={() => allChange.mutate({ done: false })} loading={allChange.isPending}>
            {t('workOrder.clearAll')}
          </Button>
        </Group>
      )}
      <Accordion multiple defaultValue={expanded} variant="separated">
        {workOrder.ServicePackages.map((pkg) => (
          <Accordion.Item key={pkg.ID} value={pkg.ID}>
            <Accordion.Control>
              <Text fw={600}>{t('workOrder.package', { chapter: pkg.Chapter, description: pkg.Description })}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                {pkg.ServicePackageLines.map((line) => (
                  <Paper key={line.ID} withBorder p="sm" data-testid="work-order-line" data-line-type={line.Type}>
                    <Group justify="space-between" wrap="wrap" gap="sm">
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Badge variant="outline" color="gray.7">
                            {t(`workOrder.lineType.${line.Type}`)}
                          </Badge>
                          <Text>{line.Description}</Text>
                        </Group>
                        <Text size="sm" c="dimmed">
                          {line.Type === 'Labor' ? t('workOrder.hours', { count: line.Quantity }) : t('workOrder.quantity', { count: line.Quantity })}
                          {' · '}
                          {line.Technician ? t('workOrder.technician', { name: line.Technician.Name }) : t('workOrder.unassigned')}
                        </Text>
                      </Stack>
                      {line.Type === 'Labor' && (
                        <Group gap="xs">
                          {line.ClockRunning && <Badge color="orange.9">{t('workOrder.running')}</Badge>}
                          <Badge color={line.Completed ? 'teal.9' : 'gray.7'} data-testid="line-done">
                            {line.Completed ? t('workOrder.done') : t('workOrder.notDone')}
                          </Badge>
                          {!closed && technician && clockIn && (
                            <Button
                              variant={myLine === line.ID ? 'filled' : 'default'}
                              color={myLine === line.ID ? 'orange.9' : undefined}
                              onClick={() => clock.mutate({ line, start: myLine !== line.ID })}
                              loading={clock.isPending && clock.variables?.line.ID === line.ID}
                              data-testid="line-clock"
                            >
                              {myLine === line.ID ? t('workOrder.stop') : t('workOrder.start')}
                            </Button>
                          )}
                          {!closed && (
                            <Button
                              variant="default"
                              onClick={() => lineChange.mutate({ line, done: !line.Completed })}
                              loading={lineChange.isPending && lineChange.variables?.line.ID === line.ID}
                              data-testid="line-toggle"
                            >
                              {line.Completed ? t('workOrder.clear') : t('workOrder.markDone')}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

/** Header and footer texts: edited here while the work order is open, else only shown. */
function WorkOrderTexts({ workOrder, onSaved }: { workOrder: WorkOrder; onSaved: (wo: WorkOrder) => void }) {
  const { t } = useTranslation('workOrders');
  const { api } = useServices();
  const alerts = useAlerts();
  const errorText = useWorkOrderErrorText();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const values: Record<WorkOrderTextField, string> = {
    headerDescription: workOrder.Header.Description,
    footerTitle: workOrder.Footer.Title,
    footerDescription: workOrder.Footer.Description,
  };
  const [edits, setEdits] = useState<Partial<Record<WorkOrderTextField, string>>>({});
  const save = useMutation({
    mutationFn: (field: WorkOrderTextField) =>
      api.call(workOrderTextRoute, { params: { storeId, inspectionOrderId }, body: { field, value: edits[field] ?? values[field] } }),
    onSuccess: (wo, field) => {
      setEdits(({ [field]: _saved, ...rest }) => rest);
      onSaved(wo);
      alerts.show({ type: 'success', message: t('workOrder.saved') });
    },
    onError: (error) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('workOrder.header')} / {t('workOrder.footer')}
        </Title>
        {(['headerDescription', 'footerTitle', 'footerDescription'] as const).map((field) => (
          <Group key={field} align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t(`workOrder.${field}`)}
              value={edits[field] ?? values[field]}
              readOnly={workOrder.closed}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setEdits((s) => ({ ...s, [field]: value }));
              }}
              data-testid={`text-${field}`}
            />
            {!workOrder.closed && edits[field] !== undefined && edits[field] !== values[field] && (
              <Button onClick={() => save.mutate(field)} loading={save.isPending && save.variables === field}>
                {t('workOrder.save')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
