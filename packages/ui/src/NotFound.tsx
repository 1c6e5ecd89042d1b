import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The body of a not-found page; `action` is the app's own way out (a link to its login). */
export function NotFound({ action }: { action?: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Text fz={64} fw={800} c="var(--sb-color-brand-text)" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('notFound.message')}
      </Text>
      {action}
    </Stack>
  );
}
