import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Footer, Logo, OfflineIcon } from '@servicebay/ui';

/** The frame of the pages seen before sign-in: logo bar, centred content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, var(--mantine-color-bay-0) 0%, var(--mantine-color-gray-0) 55%)',
      }}
    >
      <Box component="header" px={{ base: 'md', sm: 'xl' }} py="md">
        <Group justify="space-between">
          <Logo />
          <OfflineIcon />
        </Group>
      </Box>
      <Container
        component="main"
        size="xs"
        w="100%"
        py={{ base: 'md', sm: 'xl' }}
        style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
      >
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
