import { useEffect, useState } from 'react';
import { Badge, Card, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { orderNumberDisplay, topics, type RepairOrder } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { QueryContent } from '../../kit/QueryState.js';
import { useRealtime } from '../../kit/realtime.js';
import { orderPaths } from '../../paths.js';
import { customerLines, personName, vehicleLines } from '../dashboard/format.js';
import { inspectionListQueryOptions } from './inspection-list-api.js';
import { pageCount } from './inspection-list.js';

// WCAG AA contrast for the badge text: the scheme's brightest on the outline, white on blue.8, black on yellow.3.
const STATE_BADGE = {
  notStarted: { variant: 'outline', color: 'gray.7', c: 'bright' },
  pending: { variant: 'filled', color: 'yellow.3', c: 'black' },
  inProgress: { variant: 'filled', color: 'blue.8', c: undefined },
} as const;

/**
 * /app/store/{storeId}/inspectionOrder: the store's inspections still to do (in the shop, not
 * closed, inspection not done), ten a page, for a technician to pick one; each opens its order
 * page. Any order event of the store reads the list again.
 */
export function InspectionListPage() {
  const { storeId = '' } = useParams();
  const { t } = useTranslation('inspectionPage');
  const { api } = useServices();
  const [page, setPage] = useState(0);
  const query = useQuery({ ...inspectionListQueryOptions(api, storeId, page), placeholderData: keepPreviousData });
  useStoreOrderEvents(storeId);

  return (
    <Stack gap="lg">
      <PageHeader title={t('list.title')} purpose={t('list.purpose')} />
      <QueryContent query={query}>
        {(data) =>
          data.orders.length === 0 ? (
            <Text data-testid="inspection-list-empty">{t('list.empty')}</Text>
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('list.total', { count: data.total })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.orders.map((order) => (
                  <li key={order._id}>
                    <InspectionCard order={order} storeId={storeId} />
                  </li>
                ))}
              </SimpleGrid>
              {data.total > data.orders.length && (
                <Pagination
                  total={pageCount(data.total)}
                  value={page + 1}
                  onChange={(next) => setPage(next - 1)}
                  getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
                  getItemProps={(n) => ({ 'aria-label': t('list.pager.page', { page: n }) })}
                />
              )}
            </Stack>
          )
        }
      </QueryContent>
    </Stack>
  );
}

function InspectionCard({ order, storeId }: { order: RepairOrder; storeId: string }) {
  const { t } = useTranslation('inspectionPage');
  const { t: td } = useTranslation('dashboard');
  const number = orderNumberDisplay(order.orderNumber, 'long');
  const label = number.kind === 'number' ? td(number.key, { number: number.number }) : td(number.key);
  const { name, business } = customerLines(order);
  const who = name || business;
  const vehicle = vehicleLines(order);
  const techName = personName(order._embedded.technician);
  const state = (order.states.inspection in STATE_BADGE ? order.states.inspection : 'notStarted') as keyof typeof STATE_BADGE;
  const look = STATE_BADGE[state];
  return (
    <Card
      component={Link}
      to={orderPaths.order(storeId, order._id)}
      withBorder
      radius="lg"
      padding="md"
      data-order-id={order._id}
      aria-label={td('card.open', { order: label, customer: who || td('card.noCustomer') })}
      style={{ height: '100%' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="lg">
            {label}
          </Text>
          <Group gap={4}>
            {order.waiting && (
              <Badge color="red.9" variant="filled">
                {td('card.waiting')}
              </Badge>
            )}
            <Badge variant={look.variant} color={look.color} c={look.c} data-state={state}>
              {t(`list.state.${state}`)}
            </Badge>
          </Group>
        </Group>
        <div>
          <Text fw={600}>{who || td('card.noCustomer')}</Text>
          {name && business && <Text size="sm">{business}</Text>}
        </div>
        <Text size="sm">{vehicle.description || td('card.noVehicle')}</Text>
        {vehicle.plate && <Text size="sm">{td('card.plate', { plate: vehicle.plate })}</Text>}
        <Text size="sm" c="dimmed">
          {techName ? td('card.technician', { name: techName }) : td('card.unassigned')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Orders of the store created, changed or removed elsewhere: the list is read again. */
function useStoreOrderEvents(storeId: string) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!realtime || !storeId) return;
    const store = topics.store(storeId);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['inspectionOrders', storeId, 'inspectionList'] });
    const offs = [store.inspectionOrdersCreated, store.inspectionOrdersUpdated, store.inspectionOrdersRemoved].map((topic) =>
      realtime.subscribe(topic, refresh),
    );
    return () => offs.forEach((off) => off());
  }, [realtime, queryClient, storeId]);
}
