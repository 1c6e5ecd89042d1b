import { Badge, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../kit/PageHeader.js';

/** Destinations that later issues build; each has its route and says what it is for. */
export const PLACEHOLDER_PAGES = [
  'accountStores',
  'storeUsers',
  'setupWizard',
  'training',
  'education',
  'userCreated',
  'analytics',
  'admin',
  'payments',
  'advancedSearch',
  'notifications',
  'help',
] as const;
export type PlaceholderPageId = (typeof PLACEHOLDER_PAGES)[number];

export function PlaceholderPage({ page }: { page: PlaceholderPageId }) {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="lg" data-page={page}>
      <PageHeader title={t(`pages.${page}.title`)} purpose={t(`pages.${page}.purpose`)}>
        <Badge variant="outline" color="dark">
          {t('shell.comingSoon')}
        </Badge>
      </PageHeader>
      <Paper withBorder radius="lg" p="lg">
        <Text>{t('shell.comingSoonDetail')}</Text>
      </Paper>
    </Stack>
  );
}
