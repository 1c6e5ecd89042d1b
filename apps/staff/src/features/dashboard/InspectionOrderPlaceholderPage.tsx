import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getInspectionOrderRoute, STAFF_PATHS } from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { routerPath } from '../../paths.js';
import { OrderCard } from './OrderCard.js';

/**
 * /app/store/{storeId}/inspectionOrder/{id}: where a dashboard card leads. The inspection order
 * page itself belongs to the inspection issue; until then this shows the order's card and the
 * ways on (vehicle history, sign-off), so the dashboard's links are real.
 */
export function InspectionOrderPlaceholderPage() {
  const { t } = useTranslation('dashboard');
  const { api } = useServices();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const order = useQuery({
    queryKey: ['inspectionOrders', storeId, 'order', inspectionOrderId],
    queryFn: ({ signal }) =>
      api.call(getInspectionOrderRoute, { params: { storeId, inspectionOrderId }, signal }),
  });
  const dashboard = routerPath(STAFF_PATHS.dashboard)!;

  return (
    <Stack gap="lg" data-page="inspectionOrder">
      <PageHeader title={t('orderPage.title')} purpose={t('orderPage.purpose')} />
      {order.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('orderPage.loading')}</Text>
        </Group>
      ) : order.isError ? (
        <AlertBanner
          alert={{
            type: 'warning',
            message:
              order.error instanceof ApiError && [400, 404].includes(order.error.status)
                ? t('orderPage.notFound')
                : t('error'),
          }}
        />
      ) : (
        <Paper maw={520} radius="lg">
          <OrderCard order={order.data} storeId={storeId} />
          {order.data.closed && (
            <Badge mt="sm" variant="outline" color="gray.7">
              {t('history.closed')}
            </Badge>
          )}
        </Paper>
      )}
      <Group gap="sm">
        <Button component={Link} to={dashboard} variant="default">
          {t('orderPage.backToDashboard')}
        </Button>
        {order.data && (
          <>
            <Button
              component={Link}
              to={`/vehicle/${encodeURIComponent(order.data.vehicleId)}/history/${encodeURIComponent(order.data._id)}`}
              variant="default"
            >
              {t('orderPage.history')}
            </Button>
            {!order.data.closed && (
              <Button
                component={Link}
                to={`/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(order.data._id)}/signoff`}
                variant="default"
              >
                {t('orderPage.signoff')}
              </Button>
            )}
          </>
        )}
      </Group>
    </Stack>
  );
}
