import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { isAcceptableIssuer } from '@servicebay/domain';

/** What the relying party needs of an account's SSO configuration. */
export interface IdentityProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  loginHint?: string | undefined;
}

export interface CodeExchange {
  /** The callback address as the provider sent the browser to it, query included. */
  callbackUrl: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** The signed-in person as the provider vouches for them. */
export interface ProviderIdentity {
  /**
   * The claim set that carries `name`: the ID token's when it has it, else the userinfo answer
   * (providers that conform strictly put scope claims such as email only there).
   */
  claimsWith(name: string): Promise<Record<string, unknown>>;
}

/** A failure worth telling apart in the logs; the browser only ever sees "sign-on failed". */
export class SsoFailure extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'SsoFailure';
  }
}

/**
 * The OpenID Connect relying party, over openid-client (certified, from the author of jose): it
 * does discovery, PKCE, the state/iss/nonce/aud/exp checks of the code flow and, with
 * non-repudiation checks on, the ID token's signature against the provider's JWKS. Discovery and
 * the JWKS are kept per provider client for `cacheTtlMs`, so a sign-on costs the token call and
 * at most one userinfo call.
 */
export function createOidcRelyingParty(options: { timeoutSeconds?: number; cacheTtlMs?: number } = {}) {
  const timeout = options.timeoutSeconds ?? 10;
  const ttl = options.cacheTtlMs ?? 60 * 60_000;
  const cache = new Map<string, { configuration: Promise<oidc.Configuration>; expiresAt: number }>();

  function configuration(settings: IdentityProviderSettings): Promise<oidc.Configuration> {
    const key = createHash('sha256')
      .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]))
      .digest('hex');
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.expiresAt > now) return cached.configuration;
    for (const [k, entry] of cache) if (entry.expiresAt <= now) cache.delete(k);

    // Checked again here, not only when saved: plain http would hand the code and secret to anyone on the path.
    if (!isAcceptableIssuer(settings.issuer)) {
      return Promise.reject(new SsoFailure(`issuer ${settings.issuer} is not https`));
    }
    const issuer = new URL(settings.issuer);
    const execute = [oidc.enableNonRepudiationChecks];
    if (issuer.protocol === 'http:') execute.push(oidc.allowInsecureRequests);
    const configuration = oidc.discovery(
      issuer,
      settings.clientId,
      { client_secret: settings.clientSecret },
      // client_secret_basic is the OpenID Connect default every provider accepts.
      oidc.ClientSecretBasic(settings.clientSecret),
      { execute, timeout },
    );
    const entry = { configuration, expiresAt: now + ttl };
    cache.set(key, entry);
    // A failed discovery is not remembered: the next sign-on asks again.
    configuration.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return configuration;
  }

  return {
    async authorizationUrl(settings: IdentityProviderSettings, request: AuthorizationRequest): Promise<URL> {
      const config = await configuration(settings);
      const parameters: Record<string, string> = {
        redirect_uri: request.redirectUri,
        scope: request.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (request.loginHint) parameters.login_hint = request.loginHint;
      return oidc.buildAuthorizationUrl(config, parameters);
    },

    async exchange(settings: IdentityProviderSettings, exchange: CodeExchange): Promise<ProviderIdentity> {
      const config = await configuration(settings);
      const tokens = await oidc.authorizationCodeGrant(config, exchange.callbackUrl, {
        pkceCodeVerifier: exchange.codeVerifier,
        expectedState: exchange.state,
        expectedNonce: exchange.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new SsoFailure('no ID token');
      let userinfo: Promise<Record<string, unknown>> | undefined;
      return {
        async claimsWith(name) {
          if (idToken[name] !== undefined) return idToken;
          // fetchUserInfo refuses an answer about another subject than the ID token's.
          userinfo ??= oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          return userinfo;
        },
      };
    },

    /** The provider's RP-initiated logout address, or null when it has none. */
    async endSessionUrl(
      settings: IdentityProviderSettings,
      postLogoutRedirectUri: string,
    ): Promise<URL | null> {
      const config = await configuration(settings);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri });
    },
  };
}

export type OidcRelyingParty = ReturnType<typeof createOidcRelyingParty>;
