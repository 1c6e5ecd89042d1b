import { Anchor, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFound } from '@servicebay/ui';
import { PublicLayout } from '../layout/PublicLayout.js';

export function NotFoundPage() {
  const { t } = useTranslation(['staff', 'ui', 'app']);
  useDocumentTitle(`${t('ui:notFound.title')} · ${t('app:name')}`);
  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <NotFound
          action={
            <Anchor component={Link} to="/login" fw={600}>
              {t('staff:notFound.toLogin')}
            </Anchor>
          }
        />
      </Paper>
    </PublicLayout>
  );
}
