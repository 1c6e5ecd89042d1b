import { Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { approvalPage, type RepairOrder } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { orderQuery } from '../repair-orders/repair-order-api.js';
import { estimatePaths, orderPaths } from '../../paths.js';
import { useLegacyOrder } from './useLegacyOrder.js';

function Waiting() {
  const { t } = useTranslation('estimates');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>{t('loading')}</Text>
    </Group>
  );
}

function NotFound() {
  const { t } = useTranslation('dashboard');
  return <AlertBanner alert={{ type: 'warning', message: t('orderPage.notFound') }} />;
}

/** Where the redirect rule sends an order: approve-work once its estimate step is done, else the estimate. */
const destination = (order: RepairOrder) =>
  approvalPage(order.states.estimate) === 'approvedWork'
    ? estimatePaths.approvedWork(order.storeId, order._id)
    : estimatePaths.estimates(order.storeId, order._id);

/** /app/store/{storeId}/inspectionOrder/{id}/approval: the one entry the order page and dashboard link to. */
export function ApprovalRedirect() {
  const { api } = useServices();
  const { storeId = '', inspectionOrderId = '' } = useParams();
  const order = useQuery(orderQuery(api, storeId, inspectionOrderId));
  if (order.isPending) return <Waiting />;
  if (order.isError) return <NotFound />;
  return <Navigate to={destination(order.data)} replace />;
}

/**
 * The older /app/v2/inspectionOrder/{id}/estimates and /approvedWork, and /app/assemble/{id} (the
 * older page an order was inspected on), reached by redirect: they name no store, so the order is
 * looked up in the signed-in user's store, then in the other stores of the user's account; the
 * estimates page wants the estimate, the approve-work page goes by the redirect rule, and
 * assemble opens the order page.
 */
export function LegacyEstimateRedirect({ page }: { page: 'estimates' | 'approvedWork' | 'order' }) {
  const found = useLegacyOrder();

  if (found === undefined) return <Waiting />;
  if (found === null) return <NotFound />;
  const to = {
    estimates: () => estimatePaths.estimates(found.storeId, found._id),
    approvedWork: () => destination(found),
    order: () => orderPaths.order(found.storeId, found._id),
  }[page]();
  return <Navigate to={to} replace />;
}
