import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { orderNumberDisplay, STAFF_PATHS } from '@servicebay/domain';
import { DATE_FORMATS, formatDate } from '@servicebay/web-core';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { routerPath } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { customerLines, personName, yearMakeModel } from '../dashboard/format.js';
import '../dashboard/dashboard.css';
import { vehicleHistoryQuery } from './vehicle-history-api.js';

/**
 * /app/vehicle/{vehicleId}/history/{inspectionOrderId | last}: every
 * closed order of the vehicle, newest first, the named one (or the latest, for `last`) marked.
 */
export function VehicleHistoryPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { api } = useServices();
  const { store, user } = useSignedIn();
  const { vehicleId = '', inspectionOrderId = 'last' } = useParams();
  const storeId = store?._id ?? user.storeId ?? '';
  const history = useQuery({
    ...vehicleHistoryQuery(api, storeId, vehicleId),
    enabled: storeId !== '',
  });
  const orders = history.data ?? [];
  const current = inspectionOrderId === 'last' ? orders[0]?._id : inspectionOrderId;
  const first = orders[0];

  return (
    <Stack gap="lg" data-page="vehicleHistory">
      <PageHeader title={t('history.title')} purpose={t('history.purpose')} />
      {first && (
        <Text fw={600} size="lg">
          {[yearMakeModel(first), first._embedded.vehicle?.licensePlate, first._embedded.vehicle?.vin]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {history.isPending && storeId ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('history.loading')}</Text>
        </Group>
      ) : history.isError ? (
        <Stack gap="sm" align="flex-start">
          <AlertBanner alert={{ type: 'warning', message: t('history.error') }} />
          <Button onClick={() => void history.refetch()}>{t('retry')}</Button>
        </Stack>
      ) : orders.length === 0 ? (
        <AlertBanner alert={{ type: 'info', message: t('history.none') }} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ol"
          className="dashboard-list"
          aria-label={t('history.title')}
        >
          {orders.map((order) => {
            const number = orderNumberDisplay(order.orderNumber, 'long');
            const { name, business } = customerLines(order);
            const isCurrent = order._id === current;
            return (
              <li key={order._id}>
                <Card
                  component={Link}
                  to={`/store/${encodeURIComponent(order.storeId)}/inspectionOrder/${encodeURIComponent(order._id)}`}
                  withBorder
                  radius="lg"
                  className="dashboard-order-card"
                  aria-current={isCurrent ? 'page' : undefined}
                  data-order-id={order._id}
                  style={
                    isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
                  }
                >
                  <Stack gap={4}>
                    <Group justify="space-between">
                      <Text fw={700}>
                        {number.kind === 'number' ? t(number.key, { number: number.number }) : t(number.key)}
                      </Text>
                      <Group gap={4}>
                        {isCurrent && (
                          <Badge variant="filled" color="bay.7">
                            {t('history.current')}
                          </Badge>
                        )}
                        <Badge variant="outline" color="gray.7">
                          {order.closed ? t('history.closed') : t('history.open')}
                        </Badge>
                      </Group>
                    </Group>
                    <Text size="sm">{formatDate(order.date, DATE_FORMATS.date, i18n.language)}</Text>
                    <Text size="sm">
                      {[name, business].filter(Boolean).join(' · ') || t('card.noCustomer')}
                    </Text>
                    {order.mileageIn !== null && (
                      <Text size="sm">
                        {t('history.mileage', { mileage: order.mileageIn.toLocaleString(i18n.language) })}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {[personName(order._embedded.serviceAdvisor), personName(order._embedded.technician)]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Card>
              </li>
            );
          })}
        </SimpleGrid>
      )}
      <Group>
        <Button component={Link} to={routerPath(STAFF_PATHS.dashboard)!} variant="default">
          {t('orderPage.backToDashboard')}
        </Button>
      </Group>
    </Stack>
  );
}
