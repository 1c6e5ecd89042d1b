import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * A real OpenID Connect provider (panva's oidc-provider, certified) on 127.0.0.1 for tests: one
 * confidential client, people who sign in with a password at its login form, scope-based claims
 * (email only from userinfo, as a strictly conforming provider does), PKCE required. Interactions
 * are scripted over HTTP by `loginAt`, like a browser with cookies would.
 */

export const IDP_PASSWORD = 'idp-password';

export interface IdpPerson {
  email: string;
  emailVerified?: boolean;
}

/** Rewrites the ID token of token responses while set; `sign` signs with the provider's own key. */
export type IdTokenTamperer = (
  idToken: string,
  sign: (claims: JWTPayload) => Promise<string>,
) => Promise<string>;

export interface LocalIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, IdpPerson>;
  tamper: IdTokenTamperer | null;
  /** "METHOD /path" of every request the provider received. */
  requests: string[];
  close(): Promise<void>;
}

export async function startLocalIdp(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  endSession?: boolean;
}): Promise<LocalIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const people = new Map<string, IdpPerson>();
  const clientId = 'servicebay';
  const clientSecret = `secret-${randomUUID()}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: options.endSession ?? true },
    },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: person.email, email_verified: person.emailVerified ?? true }),
      };
    },
    // First-party client: consent is implied, so the scopes asked for are granted at once.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, params, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client!.clientId,
        accountId: session!.accountId!,
      });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  const idp: LocalIdp = {
    issuer,
    clientId,
    clientSecret,
    people,
    tamper: null,
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const sign = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    idp.requests.push(`${req.method} ${url.pathname}`);
    if (url.pathname.startsWith('/interaction/')) {
      void interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    const tamper = idp.tamper;
    if (tamper && req.method === 'POST' && url.pathname === '/token') {
      // Koa ends the response with the whole JSON body in one call; rewrite it on the way out.
      const end = res.end.bind(res) as (body: string) => void;
      res.end = ((chunk: Buffer | string) => {
        void (async () => {
          const body = JSON.parse(Buffer.from(chunk).toString('utf8')) as { id_token?: string };
          if (body.id_token) body.id_token = await tamper(body.id_token, sign);
          const text = JSON.stringify(body);
          res.setHeader('content-length', Buffer.byteLength(text));
          end(text);
        })();
        return res;
      }) as typeof res.end;
    }
    callback(req, res);
  });

  /** The login form: the right password signs the person in; anything else is access_denied. */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          uid: details.uid,
          prompt: details.prompt.name,
          loginHint: details.params.login_hint,
        }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const login = form.get('login') ?? '';
    const result =
      people.has(login) && form.get('password') === IDP_PASSWORD
        ? { login: { accountId: login } }
        : { error: 'access_denied', error_description: 'wrong username or password' };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  return idp;
}

/** A browser's cookies for one site: enough for the provider's session and interaction cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  async fetch(url: URL, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(cookie && { cookie }) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const gone = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
    return res;
  }
}

/**
 * Plays the browser from the provider's authorization address to the moment the provider sends it
 * back to the relying party: follows redirects and fills the login form for `login`.
 */
export async function loginAt(
  authorizationUrl: string,
  login: string,
  returnTo: string,
  password = IDP_PASSWORD,
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(`${returnTo}?`)) return url;
    const res = url.pathname.startsWith('/interaction/')
      ? await jar.fetch(url, { method: 'POST', body: new URLSearchParams({ login, password }) })
      : await jar.fetch(url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`${url.pathname} answered ${res.status}: ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('the provider redirected too many times');
}
