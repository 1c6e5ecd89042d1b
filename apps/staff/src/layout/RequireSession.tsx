import { Suspense, useEffect, type ReactNode } from 'react';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { actingRole, homeRoute, isPortalUser, isRole, needsTraining, STAFF_PATHS } from '@servicebay/domain';
import { isApiError, inactivityLimitMs, useStore, watchInactivity, type SessionClaims } from '@servicebay/web-core';
import { useStoreTheme } from '@servicebay/ui';
import { useServices } from '../context.js';
import { StaffShell } from './StaffShell.js';
import { FullPageLoader } from '../kit/FullPageLoader.js';
import { ShellPageLoading } from '../kit/PageLoading.js';
import { routerPath } from '../paths.js';
import { SignedInContext } from '../session/signed-in.js';
import { storeQuery, userQuery } from '../session/session-api.js';
import { staffStoreId } from '../session/sign-in.js';
import { signOut } from '../session/sso.js';
import { forgetDevice } from '../features/notifications/index.js';
import { useInactiveStoreWarning } from '../session/useFinishSignIn.js';

/** Pages an untrained worker may still open (training comes first). */
const TRAINING_PATHS = [STAFF_PATHS.training, STAFF_PATHS.userCreated, STAFF_PATHS.help].map((p) => routerPath(p)!);

/**
 * The route guards around every signed-in page: no token → login (credentials
 * cleared); the user and store loaded; consumer → MyCar; untrained worker → training; an
 * inactive store → signed out with its warning. Then the shell.
 */
export function RequireSession() {
  const { session } = useServices();
  const state = useStore(session.state);
  if (!state) return <Navigate to="/login" replace />;
  // Keyed by user: a worker taking over the tablet starts from a clean slate.
  return <SignedInLoader key={state.claims.id} claims={state.claims} />;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="lg" maw={480}>
        {children}
      </Paper>
    </Center>
  );
}

function SignedInLoader({ claims }: { claims: SessionClaims }) {
  const { api, session, i18n } = useServices();
  const { t } = useTranslation('staff');
  const location = useLocation();
  const warnInactiveStore = useInactiveStoreWarning();
  const user = useQuery(userQuery(api, claims.id));
  // A portal user's token names its customer's store, which it never acts for: no store to load.
  const storeId = staffStoreId(claims);
  const store = useQuery({ ...storeQuery(api, storeId), enabled: storeId !== null });
  // The signed-in pages are in the store's theme; another store (log in as, a settings save) changes it.
  useStoreTheme(store.data?.darkOrLightTheme);

  const inactiveStore = claims.isUserOfInactiveStore || user.data?.isUserOfInactiveStore === true;
  const noUser = isApiError(user.error) && user.error.status === 404;
  useEffect(() => {
    if (inactiveStore) {
      void session.logout('inactiveStore').then(() => {
        session.takeEndReason();
        void warnInactiveStore();
      });
    } else if (noUser) {
      // A user fetch returning nothing clears the credentials.
      void session.logout('expired');
    }
  }, [inactiveStore, noUser, session, warnInactiveStore]);

  const language = user.data?.language;
  useEffect(() => {
    // After a reload the login page's language is back: the user's own applies again.
    if (language) void i18n.setUserLanguage(language);
  }, [language, i18n]);

  const role = user.data ? actingRole(user.data) : null;
  const portalHome = user.data && role && isRole(role) && isPortalUser(role) ? safeHome(user.data) : null;
  useEffect(() => {
    if (portalHome) window.location.replace(portalHome);
  }, [portalHome]);

  if (user.isError || store.isError) {
    if (inactiveStore || noUser) return <FullPageLoader label={t('shell.loading')} />;
    return (
      <Centered>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('shell.loadFailedTitle')}
          </Title>
          <Text>{t('shell.loadFailed')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void session.logout()}>
              {t('menu.signOut')}
            </Button>
            <Button
              onClick={() => {
                void user.refetch();
                void store.refetch();
              }}
            >
              {t('shell.retry')}
            </Button>
          </Group>
        </Stack>
      </Centered>
    );
  }
  if (!user.data || (storeId !== null && store.data === undefined) || inactiveStore || portalHome) {
    return <FullPageLoader label={t('shell.loading')} />;
  }
  if (needsTraining(user.data) && !TRAINING_PATHS.includes(location.pathname)) {
    return <Navigate to={routerPath(STAFF_PATHS.training)!} replace />;
  }

  const signedIn = { user: user.data, store: store.data ?? null, claims };
  return (
    <SignedInContext.Provider value={signedIn}>
      <InactivityLogout setting={signedIn.store?.logoutByInactivity ?? null} userId={signedIn.user._id} />
      <StaffShell>
        <Suspense fallback={<ShellPageLoading />}>
          <Outlet />
        </Suspense>
      </StaffShell>
    </SignedInContext.Provider>
  );
}

function safeHome(user: Parameters<typeof homeRoute>[0]): string | null {
  try {
    return homeRoute(user, null);
  } catch {
    return null;
  }
}

/** Inactivity: the store's logoutByInactivity, checked every 60 s while signed in. */
function InactivityLogout({ setting, userId }: { setting: { unit: 'minutes' | 'hours'; value: number } | null; userId: string }) {
  const { api, session } = useServices();
  const limitMs = inactivityLimitMs(setting);
  useEffect(() => {
    if (limitMs === null) return;
    const onTimeout = async () => {
      await forgetDevice(api, userId);
      await signOut(session, 'inactivity');
    };
    return watchInactivity({ limitMs, onTimeout: () => void onTimeout() });
  }, [limitMs, session, api, userId]);
  return null;
}
