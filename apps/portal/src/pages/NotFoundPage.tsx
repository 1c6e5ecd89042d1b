import { Anchor, Container, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotFound } from '@servicebay/ui';
import { basePathOf, variantOf } from '../variant.js';

export function NotFoundPage() {
  const { t } = useTranslation(['portal', 'ui']);
  const variant = variantOf(useLocation().pathname);
  useDocumentTitle(`${t('ui:notFound.title')} · ${t(`portal:brand.${variant}`)}`);
  return (
    <Container component="main" size="xs" py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <NotFound
          action={
            <Anchor component={Link} to={`${basePathOf(variant)}/login`} fw={600}>
              {t('portal:notFound.toLogin')}
            </Anchor>
          }
        />
      </Paper>
    </Container>
  );
}
