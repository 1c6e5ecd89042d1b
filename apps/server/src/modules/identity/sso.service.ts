import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fillPath, PORTAL_ROLES, ssoCallbackRoute, ssoLoginRoute, type TokenPair } from '@servicebay/domain';
import type { IdentityRepository, UserRow } from './identity.repository.js';
import type { SessionService, SsoDirectory } from './session.service.js';
import { SsoFailure, type IdentityProviderSettings, type OidcRelyingParty } from './sso.oidc.js';
import type { SsoConfigurationRow, SsoRepository } from './sso.repository.js';

/** How long a started sign-on may take at the provider before its state is refused. */
export const SSO_ATTEMPT_TTL_SECONDS = 600;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

function settingsOf(configuration: SsoConfigurationRow): IdentityProviderSettings {
  return {
    issuer: configuration.issuer,
    clientId: configuration.clientId,
    clientSecret: configuration.clientSecret,
  };
}

/**
 * Who signs in at an identity provider: staff of an account with an enabled configuration.
 * Portal users (car owners) have no identity at the shop's provider, so they never do.
 */
export function createSsoDirectory(deps: { repo: SsoRepository; identity: IdentityRepository }) {
  async function accountOf(user: UserRow): Promise<string | null> {
    if (user.accountId) return user.accountId;
    return (await deps.identity.storeById(user.storeId))?.accountId ?? null;
  }

  async function configurationFor(user: UserRow): Promise<SsoConfigurationRow | null> {
    if ((PORTAL_ROLES as readonly string[]).includes(user.type)) return null;
    const accountId = await accountOf(user);
    return accountId ? deps.repo.enabledConfigurationOfAccount(accountId) : null;
  }

  const directory: SsoDirectory = {
    async loginUrlFor(user, typedUsername) {
      const configuration = await configurationFor(user);
      if (!configuration) return null;
      const path = fillPath(ssoLoginRoute.path, { userId: user.id, configurationId: configuration.id });
      return `${path}?${new URLSearchParams({ login_hint: typedUsername })}`;
    },
  };
  return { ...directory, accountOf, configurationFor };
}

/**
 * Single sign-on with OpenID Connect, authorization code flow with PKCE (docs/sso.md). `begin`
 * sends the browser to the provider; `complete` turns what the provider sends back into a token
 * pair for the user the sign-on was started for, or throws.
 */
export function createSsoService(deps: {
  repo: SsoRepository;
  identity: IdentityRepository;
  sessions: Pick<SessionService, 'startSession'>;
  relyingParty: OidcRelyingParty;
  publicUrl: string;
}) {
  const { repo, identity, relyingParty } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const redirectUri = `${base}${ssoCallbackRoute.path}`;
  const directory = createSsoDirectory(deps);

  /** Checked when the sign-on starts and again when it returns: things may change at the provider meanwhile. */
  async function eligible(userId: string, configurationId: string) {
    const user = await identity.userById(userId);
    if (!user || !user.active) throw new SsoFailure('unknown or inactive user');
    const configuration = await repo.configurationById(configurationId);
    if (!configuration || !configuration.enabled) throw new SsoFailure('unknown or disabled configuration');
    if ((await directory.configurationFor(user))?.id !== configuration.id) {
      throw new SsoFailure("the configuration is not the user's account's");
    }
    return { user, configuration };
  }

  /** The provider's value names this user: its username or e-mail address, whatever the case. */
  function names(user: UserRow, value: string): boolean {
    const wanted = value.trim().toLowerCase();
    return wanted === user.username.toLowerCase() || (!!user.email && wanted === user.email.toLowerCase());
  }

  return {
    /**
     * Starts a sign-on: remembers its state, nonce and PKCE verifier server-side, and returns the
     * provider's authorization address and a random value for an httpOnly cookie that ties the
     * sign-on to this browser (so a callback link sent to someone else logs nobody in).
     */
    async begin(input: { userId: string; configurationId: string; loginHint?: string | undefined }) {
      const { user, configuration } = await eligible(input.userId, input.configurationId);
      const state = random();
      const nonce = random();
      const codeVerifier = random();
      const browserBinding = random();
      // Built before anything is stored: a provider that cannot be reached leaves no row behind.
      const location = await relyingParty.authorizationUrl(settingsOf(configuration), {
        redirectUri,
        scope: configuration.scopes,
        state,
        nonce,
        codeVerifier,
        loginHint: input.loginHint || user.username,
      });
      await repo.insertAttempt({
        stateHash: sha256(state),
        userId: user.id,
        configurationId: configuration.id,
        codeVerifier,
        nonce,
        browserHash: sha256(browserBinding),
        expiresAt: new Date(Date.now() + SSO_ATTEMPT_TTL_SECONDS * 1000),
      });
      return { location: location.href, browserBinding };
    },

    /** Finishes a sign-on from the callback's raw query string and the browser's binding cookie. */
    async complete(input: { rawQuery: string; browserBinding: string | undefined }): Promise<TokenPair> {
      const query = new URLSearchParams(input.rawQuery);
      const state = query.get('state');
      if (!state) throw new SsoFailure('no state');
      // Taken out of the table before anything else, so the state is spent whatever happens next.
      const attempt = await repo.consumeAttempt(sha256(state));
      if (!attempt) throw new SsoFailure('unknown, used or expired state');
      const expected = Buffer.from(attempt.browserHash);
      const given = Buffer.from(sha256(input.browserBinding ?? ''));
      if (!input.browserBinding || !timingSafeEqual(expected, given)) {
        throw new SsoFailure('returned to another browser than the one that started');
      }
      if (query.has('error')) throw new SsoFailure(`the provider answered ${query.get('error')}`);

      const { user, configuration } = await eligible(attempt.userId, attempt.configurationId);
      const person = await relyingParty.exchange(settingsOf(configuration), {
        callbackUrl: new URL(`${redirectUri}?${input.rawQuery}`),
        codeVerifier: attempt.codeVerifier,
        state,
        nonce: attempt.nonce,
      });
      const claim = configuration.usernameClaim;
      const claims = await person.claimsWith(claim);
      const value = claims[claim];
      if (typeof value !== 'string' || !value.trim())
        throw new SsoFailure(`the provider sent no ${claim} claim`);
      // An address the provider itself has not verified proves nothing about who holds it.
      if (claim === 'email' && claims.email_verified === false)
        throw new SsoFailure('the e-mail address is not verified');
      if (!names(user, value))
        throw new SsoFailure(`the ${claim} claim names someone else than the user who started`);
      return deps.sessions.startSession(user);
    },

    /**
     * Where the browser goes on single sign-on logout: the provider's end-session endpoint for a
     * user who signs in there, so the provider's session ends too; the login page otherwise.
     */
    async logoutLocation(username: string | undefined): Promise<string> {
      const loginPage = '/app/login';
      const user = username ? await identity.userByUsername(username) : null;
      const configuration = user?.active ? await directory.configurationFor(user) : null;
      if (!configuration) return loginPage;
      const url = await relyingParty.endSessionUrl(settingsOf(configuration), `${base}${loginPage}`);
      return url?.href ?? loginPage;
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
