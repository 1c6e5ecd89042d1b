import { Navigate, Outlet, useLocation } from 'react-router';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../context.js';
import { variantOf } from '../variant.js';
import { loginPath, portalAccess, storedCustomerEmail } from './portal-session.js';

/**
 * The portal guard: no valid token, a user who is not a portal user, or a stored
 * customer e-mail different from the token's username goes to the portal login, remembering the
 * page. Renewal of an expired token is the session's (web-core); when it fails the session ends
 * and this guard sends the customer to the login.
 */
export function RequirePortalSession() {
  const { session } = useServices();
  const state = useStore(session.state);
  const location = useLocation();
  const access = portalAccess(state?.claims ?? null, storedCustomerEmail());
  if (access !== 'ok') {
    return <Navigate to={loginPath(variantOf(location.pathname), { redirect: location.pathname })} replace />;
  }
  return <Outlet />;
}
