import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';
import { Logo } from '@servicebay/ui';

/** The small window the scanner pages live in: no menu, one card, tablet and phone friendly. */
export function VinScanFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={560}>
        <Stack gap="md">
          <Logo />
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
