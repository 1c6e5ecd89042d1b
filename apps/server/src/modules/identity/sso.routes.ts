import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SSO_FAILED_PATH,
  SSO_RETURN_PATH,
  SSO_TOKEN_COOKIE_MAX_AGE,
  SSO_TOKEN_COOKIES,
  ssoCallbackRoute,
  ssoLoginRoute,
  ssoLogoutRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Config } from '../../platform/config.js';
import { createLimiter } from './login-limiter.js';
import { readCookie, serializeCookie } from './sso.cookies.js';
import { SsoFailure } from './sso.oidc.js';
import { SSO_ATTEMPT_TTL_SECONDS, type SsoService } from './sso.service.js';

/** The httpOnly cookie tying a sign-on to the browser that started it; sent only to the callback. */
const BROWSER_COOKIE = 'sb_sso';

export function ssoRoutes({ sso, config }: { sso: SsoService; config: Pick<Config, 'publicUrl' | 'session'> }) {
  const secure = config.publicUrl.startsWith('https://');
  // Each start writes a row and calls out to a provider; an address gets as many as it gets logins.
  const starts = createLimiter({ limit: config.session.attemptsPerAddressPerMinute, windowMs: 60_000 });

  const browserCookie = (value: string, maxAge: number) =>
    serializeCookie(BROWSER_COOKIE, value, { path: ssoCallbackRoute.path, maxAge, httpOnly: true, secure });
  // Script-readable on purpose: the staff app reads them once on /app/sso/return, then deletes them.
  const tokenCookie = (name: string, value: string) =>
    serializeCookie(name, value, { path: '/app', maxAge: SSO_TOKEN_COOKIE_MAX_AGE, httpOnly: false, secure });

  /** Every failure looks the same to the browser; the log keeps the reason. */
  function failed(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    const reason = error instanceof SsoFailure ? error.message : undefined;
    request.log.warn({ err: error, reason }, 'single sign-on failed');
    return reply.redirect(SSO_FAILED_PATH, 302);
  }

  return [
    implement(ssoLoginRoute, async ({ params, query, request, reply }) => {
      reply.header('cache-control', 'no-store');
      try {
        if (!starts.hit(`addr:${request.ip}`))
          throw new SsoFailure('too many sign-on starts from this address');
        const { location, browserBinding } = await sso.begin({
          userId: params.userId,
          configurationId: params.configurationId,
          loginHint: query.login_hint,
        });
        reply.header('set-cookie', browserCookie(browserBinding, SSO_ATTEMPT_TTL_SECONDS));
        return reply.redirect(location, 302);
      } catch (error) {
        return failed(request, reply, error);
      }
    }),

    implement(ssoCallbackRoute, async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      const cookies = [browserCookie('', 0)];
      try {
        const questionMark = request.url.indexOf('?');
        const pair = await sso.complete({
          // The provider's answer exactly as sent (iss, session_state...), for the library to check.
          rawQuery: questionMark < 0 ? '' : request.url.slice(questionMark + 1),
          browserBinding: readCookie(request.headers.cookie, BROWSER_COOKIE),
        });
        cookies.push(
          tokenCookie(SSO_TOKEN_COOKIES.token, pair.token),
          tokenCookie(SSO_TOKEN_COOKIES.refreshToken, pair.refreshToken),
        );
        reply.header('set-cookie', cookies);
        return reply.redirect(SSO_RETURN_PATH, 302);
      } catch (error) {
        reply.header('set-cookie', cookies);
        return failed(request, reply, error);
      }
    }),

    implement(ssoLogoutRoute, async ({ query, request, reply }) => {
      reply.header('cache-control', 'no-store');
      let location = '/app/login';
      try {
        location = await sso.logoutLocation(query.username);
      } catch (error) {
        // The provider cannot be reached: the user is signed out here all the same.
        request.log.warn({ err: error }, 'single sign-on logout: provider unavailable');
      }
      return reply.redirect(location, 302);
    }),
  ];
}
