import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { partsPageTarget, readStoreSettings, workStatusTarget } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { orderPaths, workOrderPaths } from '../../paths.js';
import { useSignedIn } from '../../session/signed-in.js';
import { useLegacyOrder } from '../estimates/useLegacyOrder.js';

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
  const { store } = useSignedIn();
  const found = useLegacyOrder();

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
