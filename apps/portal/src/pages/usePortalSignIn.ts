import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginRoute } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { ApiError } from '@servicebay/web-core';
import { logSignIn } from '../analytics.js';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { customerHome, isPortalRole, rememberCustomerEmail, safeRedirect } from './portal-session.js';

/**
 * Signs a customer in (after the login form, and right after registration with the same
 * credentials), then goes to the remembered page or the customer's home.
 * A staff user is not a portal user: its new session is ended and the login refused. A success
 * clears the alerts of earlier failures and logs the sign-in (myCarLogin, or myCarRegistration
 * right after registration).
 */
export function usePortalSignIn(variant: PortalVariant) {
  const { api, session } = useServices();
  const navigate = useNavigate();
  const alerts = useAlerts();
  return useCallback(
    async (
      credentials: { username: string; password: string },
      redirect?: string | null,
      event: 'myCarLogin' | 'myCarRegistration' = 'myCarLogin',
    ) => {
      const pair = await api.call(loginRoute, { body: credentials, maxRetries: 0 });
      const { claims } = session.signIn(pair);
      if (!isPortalRole(claims.type) || !claims.customerId) {
        await session.logout('signedOut');
        session.takeEndReason();
        throw new ApiError(401, 'INVALID_CREDENTIALS', 'Not a portal user');
      }
      rememberCustomerEmail(credentials.username);
      alerts.clear();
      logSignIn(api, event, { variant });
      void navigate(safeRedirect(redirect) ?? customerHome(variant, claims.customerId), { replace: true });
    },
    [api, session, navigate, variant, alerts],
  );
}
