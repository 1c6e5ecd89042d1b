import { z } from 'zod';
import { access } from '../http/access.js';
import { ZId } from '../http/common.js';
import { defineRoute } from '../http/route.js';
import { ZSsoCallbackQuery, ZSsoLoginQuery, ZSsoLogoutQuery } from '../identity/sso.js';

/**
 * Single sign-on with OpenID Connect (docs/sso.md). These are browser navigations, not API calls:
 * they answer with redirects, and every failure the caller can cause past parameter validation
 * redirects to /app/login?sso=failed.
 */

export const ssoLoginRoute = defineRoute({
  id: 'sso.login',
  method: 'GET',
  path: '/v2/api/user/login/:userId/:configurationId',
  summary:
    "Start single sign-on: 302 to the account's identity provider (authorization code with PKCE, state and nonce). The login strategy lookup hands out this address. Any failure: 302 to /app/login?sso=failed.",
  tag: 'session',
  access: access.public('the login page sends the browser here before it has a token'),
  params: z.strictObject({ userId: ZId, configurationId: ZId }),
  query: ZSsoLoginQuery,
  status: 302,
});

export const ssoCallbackRoute = defineRoute({
  id: 'sso.callback',
  method: 'GET',
  path: '/v2/api/user/login/sso/callback',
  summary:
    'Where the identity provider returns the browser. On success sets the token and refreshToken cookies (Path=/app, 60 s) and 302 to /app/sso/return; on any failure 302 to /app/login?sso=failed with no tokens.',
  tag: 'session',
  carriesSecrets: true,
  access: access.public(
    'the identity provider returns the browser here; the single-use state bound to this browser is the credential',
  ),
  query: ZSsoCallbackQuery,
  status: 302,
});

export const ssoLogoutRoute = defineRoute({
  id: 'sso.logout',
  method: 'GET',
  path: '/v2/api/user/logout/saml',
  summary:
    "Single sign-on logout: 302 to the identity provider's end-session endpoint for a user whose account signs in there (then back to /app/login), otherwise 302 to /app/login. Changes nothing on this server: POST /user/logout revokes the tokens.",
  tag: 'session',
  access: access.public(
    'a browser navigation after the app has cleared its credentials, so no token can come with it; it only redirects, and tells no more than the public login strategy lookup',
  ),
  query: ZSsoLogoutQuery,
  status: 302,
});

export const ssoRoutes = [ssoLoginRoute, ssoCallbackRoute, ssoLogoutRoute] as const;
