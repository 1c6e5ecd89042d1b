import type { z } from 'zod';
import type { Access } from './access.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * One endpoint of the API: the single source of truth for its path, input, output and access.
 * The server mounts handlers only from these; the clients are typed from them; OpenAPI is made
 * from them. `access` is required, so a route without a rule does not compile.
 */
export interface RouteDef<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Stable name, `feature.action`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Fastify-style path with `:param` segments, under /v2/api, /v1/api, /v2/search or /messaging/v1. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** undefined: the route answers with no body (204) or a non-JSON body (described in summary). */
  readonly response?: R;
  /** Status of a successful answer; 200 unless said. */
  readonly status?: number;
  /** The answer is not JSON (a file, a page); the response schema is then not enforced. */
  readonly produces?: string;
  /**
   * The request or the answer holds a secret: a password, a PIN, a token, or a link or URL that
   * carries one. Such a call keeps no idempotency record (a key sent anyway is ignored, so no
   * secret and no hash of one is ever stored), and the web client sends it no Idempotency-Key.
   * The route table test requires it on every route with a field named like a secret.
   */
  readonly carriesSecrets?: boolean;
}

export function defineRoute<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

export type AnyRoute = RouteDef<
  AnyObject | undefined,
  AnyObject | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined
>;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteParams<T> = T extends RouteDef<infer P, any, any, any> ? Infer<P> : never;
export type RouteQuery<T> = T extends RouteDef<any, infer Q, any, any> ? Infer<Q> : never;
export type RouteBody<T> = T extends RouteDef<any, any, infer B, any> ? Infer<B> : never;
export type RouteResponse<T> = T extends RouteDef<any, any, any, infer R> ? Infer<R> : never;
/** What a client sends; zod input types, before defaults and coercion. */
export type RouteBodyInput<T> =
  T extends RouteDef<any, any, infer B, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;

/**
 * Whether a request to this route uses an Idempotency-Key: writes do, unless they carry secrets
 * (their replay would need the secret kept). The server and the web client both ask this.
 */
export function usesIdempotencyKey(route: Pick<AnyRoute, 'method' | 'carriesSecrets'>): boolean {
  return route.method !== 'GET' && route.carriesSecrets !== true;
}

/** Names of the `:params` in a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Fills a route path with values, encoding each. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${name} is mandatory`);
    return encodeURIComponent(String(value));
  });
}
