import { z } from 'zod';
import { ZId } from '../http/common.js';

/**
 * Single sign-on with OpenID Connect (docs/sso.md). The constants are the contract between the
 * server's callback and the staff app's return page, so both sides import them from here.
 */

/** The staff page that picks up the token pair the callback leaves in cookies. */
export const SSO_RETURN_PATH = '/app/sso/return';
/** Where every failed sign-on ends, with no tokens: the login page, told why. */
export const SSO_FAILED_PATH = '/app/login?sso=failed';
/** The short-lived, script-readable cookies (Path=/app) that hand the token pair to the staff app. */
export const SSO_TOKEN_COOKIES = { token: 'token', refreshToken: 'refreshToken' } as const;
/** Seconds the token cookies live: long enough for the return page to load, no longer. */
export const SSO_TOKEN_COOKIE_MAX_AGE = 60;

// https on any host, or plain http on this machine only; no user info, query or fragment.
const ISSUER =
  /^(?:https:\/\/[A-Za-z0-9.-]+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(?::\d{1,5})?(?:\/[^\s?#]*)?$/;

/** https, or plain http only on this machine (a provider run for development or tests). */
export function isAcceptableIssuer(value: string): boolean {
  return ISSUER.test(value);
}

/** A claim name as identity providers spell them (email, preferred_username, upn, sub...). */
const ZClaimName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:/-]{1,100}$/, 'must be a claim name');

/** One account's identity provider. The admin issue manages these; tests create them directly. */
export const ZSsoConfigurationInput = z.strictObject({
  accountId: ZId,
  issuer: z
    .string()
    .trim()
    .max(500)
    .refine(isAcceptableIssuer, 'must be an https URL (http only on localhost), without query or fragment'),
  clientId: z.string().trim().min(1, 'clientId is mandatory').max(500),
  clientSecret: z.string().min(1, 'clientSecret is mandatory').max(2000),
  /** Space-separated; must ask for openid, or the provider returns no ID token. */
  scopes: z
    .string()
    .trim()
    .max(500)
    .default('openid email profile')
    .refine((s) => s.split(/\s+/).includes('openid'), 'must include openid'),
  /** The claim whose value is the user's username or e-mail address. */
  usernameClaim: ZClaimName.default('email'),
  enabled: z.boolean().default(true),
});
export type SsoConfigurationInput = z.input<typeof ZSsoConfigurationInput>;

export const ZSsoLoginQuery = z.object({
  /** What the person typed on the login page; passed to the provider to prefill its form. */
  login_hint: z.string().trim().max(200).optional(),
});

/** What an identity provider sends back (RFC 6749 §4.1.2, RFC 9207); everything is checked by the handler. */
export const ZSsoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(5000).optional(),
});

export const ZSsoLogoutQuery = z.object({
  username: z.string().trim().max(200).optional(),
});
