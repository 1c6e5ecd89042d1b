import { Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@servicebay/ui';

/** A widget's place while its data (or its code) arrives: a spinner and what is coming. */
export function Pending({ label }: { label: string }) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{label}</Text>
      </Group>
    </Paper>
  );
}

/** A widget whose data could not be read: what failed, and a way to try again. */
export function Failed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation('portal');
  return (
    <Box>
      <Stack gap="xs">
        <AlertBanner alert={{ type: 'warning', message }} />
        <Group>
          <Button variant="default" onClick={retry}>
            {t('dashboard.retry')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
