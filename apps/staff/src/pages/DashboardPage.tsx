import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dashboardVariant, isDashboardVariant } from '@servicebay/domain';
import { DashboardScreen } from '../features/dashboard/DashboardScreen.js';
import { useSignedIn } from '../session/signed-in.js';
import { PageHeader } from '../kit/PageHeader.js';

/**
 * /app/store/dashboard: the one dashboard, in the variant the URL names (the older dashboards'
 * paths redirect here with theirs), else the user's own (docs/staff-navigation.md). The orders,
 * filters and live updates are the dashboard feature's (docs/dashboard.md).
 */
export function DashboardPage() {
  const { t } = useTranslation(['staff', 'dashboard']);
  const { user, store, claims } = useSignedIn();
  const [params] = useSearchParams();
  const asked = params.get('variant');
  const variant = isDashboardVariant(asked) ? asked : dashboardVariant(user, store);
  const title = variant === 'advisor' ? t('pages.dashboard.title') : t('menu.vehiclesInShop');
  const storeId = store?._id ?? claims.storeId ?? user.storeId;
  return (
    <Stack gap="lg" data-page="dashboard" data-variant={variant}>
      <PageHeader title={title} purpose={t(`dashboard.variantPurpose.${variant}`)}>
        <Badge variant="light">{t(`dashboard.variant.${variant}`)}</Badge>
      </PageHeader>
      {storeId ? (
        // Keyed by variant and user: choices and pages start afresh for another view or person.
        <DashboardScreen key={`${variant}:${user._id}`} user={user} store={store} storeId={storeId} variant={variant} />
      ) : (
        <Text>{t('dashboard:noStore')}</Text>
      )}
    </Stack>
  );
}
