import { useEffect, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HomeRouteError, homeRoute } from '@servicebay/domain';
import { AlertBanner } from '@servicebay/ui';
import { useServices } from '../context.js';
import { FullPageLoader } from '../kit/FullPageLoader.js';
import { useSignedIn } from '../session/signed-in.js';
import { useGoTo } from '../session/useFinishSignIn.js';
import { PageHeader } from '../kit/PageHeader.js';

/** /app/: the signed-in user's home by role, or its 'Unable to find route' error. */
export function GoHome() {
  const { t } = useTranslation('staff');
  const { session } = useServices();
  const { user, store } = useSignedIn();
  const goTo = useGoTo();
  const [failedRole, setFailedRole] = useState<string | null>(null);

  useEffect(() => {
    try {
      goTo(homeRoute(user, store), { replace: true });
    } catch (error) {
      if (!(error instanceof HomeRouteError)) throw error;
      setFailedRole(error.role);
    }
  }, [user, store, goTo]);

  if (failedRole === null) return <FullPageLoader label={t('shell.loading')} />;
  return (
    <Stack gap="lg" align="flex-start">
      <PageHeader title={t('login.noRouteTitle')} />
      <AlertBanner alert={{ type: 'danger', message: t('login.noRoute', { role: failedRole }) }} />
      <Button onClick={() => void session.logout()}>{t('menu.signOut')}</Button>
    </Stack>
  );
}
