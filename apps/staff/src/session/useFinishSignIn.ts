import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAlerts, useDialogs } from '@servicebay/ui';
import type { SessionState } from '@servicebay/web-core';
import { useServices } from '../context.js';
import { routerPath } from '../paths.js';
import { completeSignIn, type SignInOutcome } from './sign-in.js';
import { storeQueryKey, userQueryKey } from './signed-in.js';
import { userAtSignIn } from './user-language.js';

/** Goes to a home or admin path: inside the app through the router, elsewhere (MyCar) by a page load. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (fullPath: string, options?: { replace?: boolean }) => {
      const inApp = routerPath(fullPath);
      if (inApp !== null) void navigate(inApp, options);
      else window.location.assign(fullPath);
    },
    [navigate],
  );
}

/** The inactive-store warning modal, shown after the session is ended. */
export function useInactiveStoreWarning() {
  const dialogs = useDialogs();
  const { t } = useTranslation('staff');
  return useCallback(
    () => dialogs.confirm({ title: t('inactiveStore.title'), message: t('inactiveStore.message'), hideCancel: true }),
    [dialogs, t],
  );
}

/**
 * After the tokens are kept (login, or worker selection): fetch the user and store, settle the
 * session's language (the login page's choice, saved as the user's, else the user's own), go home.
 * On any failure `undo` ends the new session and the reason is shown.
 */
export function useFinishSignIn() {
  const { api, session, i18n } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const goTo = useGoTo();
  const warnInactiveStore = useInactiveStoreWarning();
  const { t } = useTranslation('staff');

  return useCallback(
    async (state: SessionState, undo: () => Promise<unknown>): Promise<boolean> => {
      let outcome: SignInOutcome;
      try {
        outcome = await completeSignIn(api, state.claims);
      } catch {
        await undo();
        alerts.show({ type: 'warning', strongMessage: t('login.failedTitle'), message: t('login.unavailable') });
        return false;
      }
      switch (outcome.kind) {
        case 'home': {
          // The cached user carries the session's language: the signed-in pages apply it.
          const user = await userAtSignIn(api, i18n, outcome.user);
          queryClient.setQueryData(userQueryKey(state.claims.id), user);
          queryClient.setQueryData(storeQueryKey(state.claims.storeId), outcome.store);
          await i18n.setUserLanguage(user.language);
          goTo(outcome.path, { replace: true });
          return true;
        }
        case 'inactiveStore':
          // The whole tablet is signed out: the store itself is inactive.
          await session.logout('inactiveStore');
          session.takeEndReason();
          void warnInactiveStore();
          return false;
        case 'noUser':
          await undo();
          alerts.show({ type: 'danger', strongMessage: t('login.failedTitle'), message: t('login.failed') });
          return false;
        case 'noRoute':
          await undo();
          alerts.show({ type: 'danger', strongMessage: t('login.noRouteTitle'), message: t('login.noRoute', { role: outcome.role }) });
          return false;
      }
    },
    [api, session, i18n, queryClient, alerts, goTo, warnInactiveStore, t],
  );
}
