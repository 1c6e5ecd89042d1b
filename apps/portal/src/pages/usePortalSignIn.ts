import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginRoute } from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { useServices } from '../context.js';
import type { PortalVariant } from '../variant.js';
import { customerHome, isPortalRole, rememberCustomerEmail, safeRedirect } from './portal-session.js';

/**
 * Signs a customer in (after the login form, and right after registration with the same
 * credentials), then goes to the remembered page or the customer's home.
 * A staff user is not a portal user: its new session is ended and the login refused.
 */
export function usePortalSignIn(variant: PortalVariant) {
  const { api, session } = useServices();
  const navigate = useNavigate();
  return useCallback(
    async (credentials: { username: string; password: string }, redirect?: string | null) => {
      const pair = await api.call(loginRoute, { body: credentials, maxRetries: 0 });
      const { claims } = session.signIn(pair);
      if (!isPortalRole(claims.type) || !claims.customerId) {
        await session.logout('signedOut');
        session.takeEndReason();
        throw new ApiError(401, 'INVALID_CREDENTIALS', 'Not a portal user');
      }
      rememberCustomerEmail(credentials.username);
      void navigate(safeRedirect(redirect) ?? customerHome(variant, claims.customerId), { replace: true });
    },
    [api, session, navigate, variant],
  );
}
