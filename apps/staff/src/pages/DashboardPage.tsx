import { Badge, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dashboardVariant, isDashboardVariant } from '@servicebay/domain';
import { useSignedIn } from '../session/signed-in.js';
import { PageHeader } from './PageHeader.js';

/**
 * /app/store/dashboard: the one dashboard, in the variant the URL names (the older dashboards'
 * paths redirect here with theirs), else the user's own (docs/staff-navigation.md).
 */
export function DashboardPage() {
  const { t } = useTranslation('staff');
  const { user, store } = useSignedIn();
  const [params] = useSearchParams();
  const asked = params.get('variant');
  const variant = isDashboardVariant(asked) ? asked : dashboardVariant(user, store);
  const title = variant === 'advisor' ? t('pages.dashboard.title') : t('menu.vehiclesInShop');
  return (
    <Stack gap="lg" data-page="dashboard" data-variant={variant}>
      <PageHeader title={title} purpose={t('pages.dashboard.purpose')}>
        <Badge variant="light">{t(`dashboard.variant.${variant}`)}</Badge>
      </PageHeader>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Text>{t(`dashboard.variantPurpose.${variant}`)}</Text>
          <Text c="dimmed">{t('shell.comingSoonDetail')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
