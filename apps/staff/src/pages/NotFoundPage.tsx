import { Anchor, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFound } from '@servicebay/ui';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../context.js';
import { PublicLayout } from '../layout/PublicLayout.js';

export function NotFoundPage() {
  const { t } = useTranslation(['staff', 'ui', 'app']);
  const { session } = useServices();
  const signedIn = useStore(session.state) !== null;
  useDocumentTitle(`${t('ui:notFound.title')} · ${t('app:name')}`);
  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <NotFound
          action={
            <Anchor component={Link} to={signedIn ? '/' : '/login'} fw={600}>
              {signedIn ? t('staff:notFound.toHome') : t('staff:notFound.toLogin')}
            </Anchor>
          }
        />
      </Paper>
    </PublicLayout>
  );
}
