import { useEffect, useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { partsPageTarget, readStoreSettings, workStatusTarget, type RepairOrder } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { orderPaths, workOrderPaths } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { findLegacyOrder } from '../estimates/estimate-api.js';

/**
 * The older /app/inspectionOrder/{id}/state/parts and /app/v2/inspectionOrder/{id}/workStatus,
 * reached by redirect: they name no store, so the order is looked up in the user's store, then in
 * the other stores of its account. Parts open the in-app parts page when the integration has one
 * (protractor, or vastenterprise two-way with an endpoint); work status opens the work order page
 * for protractor with clock-in. Otherwise the order page stands in for the older server pages,
 * which this application does not have.
 */
export function LegacyWorkRedirect({ page }: { page: 'parts' | 'workStatus' }) {
  const { t } = useTranslation(['workOrders', 'dashboard']);
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const { inspectionOrderId = '' } = useParams();
  const [found, setFound] = useState<RepairOrder | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    findLegacyOrder(api, { storeId: user.storeId, accountId: user.accountId }, inspectionOrderId, signal).then(
      setFound,
      () => !signal.aborted && setFound(null),
    );
    return () => controller.abort();
  }, [api, user.storeId, user.accountId, inspectionOrderId]);

  if (found === undefined) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('workOrders:loading')}</Text>
      </Group>
    );
  }
  if (found === null) return <AlertBanner alert={{ type: 'warning', message: t('dashboard:orderPage.notFound') }} />;
  const integration = readStoreSettings(store && store._id === found.storeId ? store : null).integration;
  const inApp = page === 'parts' ? partsPageTarget(integration) === 'inApp' : workStatusTarget(integration) === 'workOrder';
  const to = inApp
    ? page === 'parts'
      ? workOrderPaths.parts(found.storeId, found._id)
      : workOrderPaths.workOrder(found.storeId, found._id)
    : orderPaths.order(found.storeId, found._id);
  return <Navigate to={to} replace />;
}
