import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** The heading of a signed-in page: its title (also the window's), what it is for, and extras. */
export function PageHeader({ title, purpose, children }: { title: string; purpose?: string; children?: ReactNode }) {
  const { t } = useTranslation('app');
  useDocumentTitle(`${title} · ${t('name')}`);
  return (
    <Stack gap={4}>
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Group>
      {purpose && <Text c="dimmed">{purpose}</Text>}
    </Stack>
  );
}
