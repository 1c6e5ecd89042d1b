import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from './FullPageLoader.js';

/**
 * A page whose code is still on its way, before any shell is drawn: the same loader, in the same
 * place, as the signed-in shell shows while it loads the user, so nothing moves when one follows
 * the other.
 */
export function PageLoading() {
  const { t } = useTranslation('staff');
  return <FullPageLoader label={t('shell.loading')} />;
}

/** A page whose code is still on its way, inside the signed-in shell: the shell stays, its main area waits. */
export function ShellPageLoading() {
  const { t } = useTranslation('staff');
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text>{t('shell.loading')}</Text>
      </Stack>
    </Center>
  );
}
