import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  AppError,
  errors,
  REPORT_TOKEN_HEADER,
  type AnyRoute,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  usesIdempotencyKey,
} from '@servicebay/domain';
import type { Principal } from '../auth/principal.js';
import type { TokenService } from '../auth/tokens.js';
import type { Idempotency } from '../idempotency/idempotency.js';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency.js';
import type { TenancyRepository } from '../tenancy/tenancy.repository.js';
import { canActForAccount, canActForPartner, canActForStore, type AccountOwnership } from '../tenancy/tenancy.policy.js';
import { refuseUnsafeText, sendError, validationError } from './errors.js';
import { checkedSerializer, compileResponse, type Serialize } from './response-serializer.js';

export interface HandlerContext<R extends AnyRoute> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The signed-in caller; null only on public routes called anonymously. */
  principal: R['access']['kind'] extends 'public' | 'report' ? Principal | null : Principal;
  /** The store the request acts for, on store-scoped routes. Handlers scope every query by it. */
  storeId: string;
  /** On report routes (access.report): who reads the report, and how they got in. */
  reportCaller: ReportCaller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler answers: the response body, or the reply itself after sending a file or redirect. */
export type Handler<R extends AnyRoute> = (
  ctx: HandlerContext<R>,
) => Promise<RouteResponse<R> | FastifyReply | void> | RouteResponse<R> | FastifyReply | void;

export interface Implementation {
  route: AnyRoute;
  handler: Handler<AnyRoute>;
}

/** Pairs a route of the table with its handler; the only way a handler reaches the server. */
export function implement<R extends AnyRoute>(route: R, handler: Handler<R>): Implementation {
  return { route, handler: handler as unknown as Handler<AnyRoute> };
}

export interface RegistrarDeps {
  tokens: TokenService;
  tenancy: Pick<TenancyRepository, 'storeOwnership'>;
  idempotency: Idempotency;
  /** The store a customer belongs to, for staff reaching customer-scoped routes. */
  customerStore?: (customerId: string) => Promise<string | null>;
  /** Who a user is (by id or username) and which store it works in, for user-scoped routes. */
  userScope?: (userRef: string) => Promise<{ id: string; storeId: string | null } | null>;
  /**
   * Where the resource a path parameter names belongs, by parameter name. On store-scoped routes
   * the registrar checks every such parameter against the route's store, on account-scoped routes
   * against the route's account, before the handler runs (404 when it is elsewhere or missing).
   * Handlers still scope their queries by store or account.
   */
  pathResources?: Record<string, (id: string) => Promise<ResourceOwner | null>>;
  /**
   * Household routes (access.household): where the resource a path parameter names lives (its
   * store and household), by parameter name, and the household of a portal user's customer.
   */
  householdResources?: Record<string, (id: string) => Promise<{ storeId: string; householdId: string | null } | null>>;
  customerHousehold?: (customerId: string) => Promise<string | null>;
  /** Which partner an account belongs to, for account-scoped routes. */
  accountOwnership?: (accountId: string) => Promise<AccountOwnership | null>;
  /** The order and link lookups of report routes (access.report, docs/reports.md). */
  reportAccess?: ReportAccess;
  /** Counts running handlers for graceful shutdown; one is made per registration when absent. */
  inFlight?: InFlightTracker;
  /**
   * Answers are also validated by their zod schema, and the compiled serializer's output checked
   * against zod's (config.validateResponses: on in tests). Off, a route with a plain response
   * schema is written by the compiled serializer alone.
   */
  validateResponses?: boolean;
  /**
   * Answers of plain response schemas written by their compiled serializer instead of zod's parse
   * and JSON.stringify (config.compiledResponses, COMPILED_RESPONSES; off by default: with it on,
   * the staff dashboard's end-to-end filter test failed and the cause is not found yet).
   */
  compiledResponses?: boolean;
}

/** How a caller reached a report: a report link, the portal (the order's customer), or the store's staff. */
export type ReportCaller =
  | { via: 'link'; linkId: string }
  | { via: 'portal'; userId: string; customerId: string }
  | { via: 'staff'; userId: string };

export interface ReportAccess {
  /** The order's store and customer; null when there is no such order. */
  order(inspectionOrderId: string): Promise<{ storeId: string; customerId: string } | null>;
  /** The link of a token made for this order and not revoked; null otherwise. */
  link(token: string, inspectionOrderId: string): Promise<{ linkId: string } | null>;
}

/** How long shutdown waits for running handlers before closing anyway. */
const DRAIN_TIMEOUT_MS = 15_000;

/** The tenant a resource belongs to: a store, or (for account-level users) an account. */
export interface ResourceOwner {
  storeId: string | null;
  accountId: string | null;
}

/**
 * Counts handlers still running. A handler whose client went away keeps running after Fastify has
 * closed its connection, so shutdown waits for this to reach zero before closing the database.
 */
export function createInFlightTracker() {
  let count = 0;
  let waiters: Array<() => void> = [];
  return {
    enter() {
      count++;
    },
    leave() {
      count--;
      if (count === 0) {
        for (const wake of waiters) wake();
        waiters = [];
      }
    },
    get count() {
      return count;
    },
    /** Resolves when no handler runs, or after timeoutMs, whichever comes first. */
    idle(timeoutMs: number): Promise<void> {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

export type InFlightTracker = ReturnType<typeof createInFlightTracker>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: 'params' | 'query' | 'body') {
  if (!schema) return undefined;
  refuseUnsafeText(value, where);
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}), { reportInput: true });
  if (!result.success) throw validationError(where, result.error);
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The store of a route whose store travels in the body (`access.storeInBody`): read from the raw
 * body before anything else, so the tenant check runs before validation as on path routes. A
 * missing or malformed id is a 400 naming the field, like a bad path parameter.
 */
function storeInBody(body: unknown, field: string): string {
  const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (value === undefined || value === null || value === '') throw errors.mandatory(field);
  if (typeof value !== 'string' || !UUID.test(value)) throw errors.invalid(`${field}: must be an id`);
  return value.toLowerCase();
}

/** A report link's token: the `t` query parameter, else the X-Report-Token header. */
function reportTokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query && typeof query.t === 'string' ? query.t : null;
  const fromHeader = request.headers[REPORT_TOKEN_HEADER];
  return fromQuery || (typeof fromHeader === 'string' && fromHeader ? fromHeader : null);
}

/**
 * Answers no browser or proxy may keep: those of every route that is not public or that carries
 * secrets, and of any request with a bearer or report link token, errors included.
 */
function mustNotStore(route: AnyRoute, request: FastifyRequest): boolean {
  const { authorization, [REPORT_TOKEN_HEADER]: reportToken } = request.headers;
  return route.access.kind !== 'public' || route.carriesSecrets === true || authorization !== undefined || reportToken !== undefined;
}

function allowed(roles: readonly string[], principal: Principal) {
  return roles.includes(principal.type);
}

/**
 * Decides whether the caller may reach the route, in the order the authorization test expects:
 * 401 without a valid token, 404 when the tenant is not the caller's (whatever its role), 403 when
 * the role is not in the rule. Returns the store the request acts for.
 */
async function authorize(
  route: AnyRoute,
  principal: Principal | null,
  params: Record<string, unknown>,
  deps: RegistrarDeps,
  rawBody: unknown,
  reportToken: string | null,
): Promise<{ storeId: string; reportCaller?: ReportCaller }> {
  const rule = route.access;
  if (rule.kind === 'public') return { storeId: '' };
  if (rule.kind === 'report') return authorizeReport(rule, principal, params, deps, reportToken);
  return { storeId: await authorizeSignedIn(route, principal, params, deps, rawBody) };
}

/**
 * Report routes: staff of the order's store (role listed), a portal user of its customer, or the
 * holder of a valid link. Everyone else gets 404, the signed-out included: a wrong or revoked link
 * must not even tell that the order exists.
 */
async function authorizeReport(
  rule: Extract<AnyRoute['access'], { kind: 'report' }>,
  principal: Principal | null,
  params: Record<string, unknown>,
  deps: RegistrarDeps,
  reportToken: string | null,
): Promise<{ storeId: string; reportCaller: ReportCaller }> {
  const orderId = String(params[rule.orderParam] ?? '');
  const order = orderId && deps.reportAccess ? await deps.reportAccess.order(orderId) : null;
  if (!order) throw errors.notFound();
  let staffOfStoreWithoutRole = false;
  if (principal && (principal.type === 'consumer' || principal.type === 'customer')) {
    if (principal.customerId === order.customerId) {
      return { storeId: order.storeId, reportCaller: { via: 'portal', userId: principal.id, customerId: order.customerId } };
    }
  } else if (principal) {
    const store = await deps.tenancy.storeOwnership(order.storeId);
    if (store && canActForStore(principal, store)) {
      if (allowed(rule.staffRoles, principal)) return { storeId: order.storeId, reportCaller: { via: 'staff', userId: principal.id } };
      staffOfStoreWithoutRole = true;
    }
  }
  const link = reportToken && deps.reportAccess ? await deps.reportAccess.link(reportToken, orderId) : null;
  if (link) return { storeId: order.storeId, reportCaller: { via: 'link', linkId: link.linkId } };
  if (staffOfStoreWithoutRole) throw errors.forbidden();
  throw errors.notFound();
}

async function authorizeSignedIn(
  route: AnyRoute,
  principal: Principal | null,
  params: Record<string, unknown>,
  deps: RegistrarDeps,
  rawBody: unknown,
): Promise<string> {
  const rule = route.access;
  if (rule.kind === 'public' || rule.kind === 'report') return '';
  if (!principal) throw errors.unauthenticated();
  switch (rule.kind) {
    case 'signedIn':
      if (!allowed(rule.roles, principal)) throw errors.forbidden();
      return principal.storeId ?? '';
    case 'self': {
      // The caller's id, or its user name (compared as logins compare names: case aside).
      const named = String(params[rule.userParam] ?? '');
      if (named !== principal.id && named.toLowerCase() !== principal.username.toLowerCase()) throw errors.notFound();
      if (!allowed(rule.roles, principal)) throw errors.forbidden();
      return principal.storeId ?? '';
    }
    case 'store': {
      const storeId = rule.storeIn === 'body' ? storeInBody(rawBody, rule.storeParam) : String(params[rule.storeParam] ?? '');
      const store = storeId ? await deps.tenancy.storeOwnership(storeId) : null;
      if (!store || !canActForStore(principal, store)) throw errors.notFound();
      if (!allowed(rule.roles, principal)) throw errors.forbidden();
      for (const [name, value] of Object.entries(params)) {
        const ownerOf = name === rule.storeParam && rule.storeIn !== 'body' ? undefined : deps.pathResources?.[name];
        if (!ownerOf) continue;
        const owner = await ownerOf(String(value));
        const inStore = owner && (owner.storeId === store.id || (owner.storeId === null && owner.accountId === store.accountId));
        if (!inStore) throw errors.notFound();
      }
      return store.id;
    }
    case 'user': {
      const ref = String(params[rule.userParam] ?? '');
      const target = deps.userScope ? await deps.userScope(ref) : null;
      if (!target) throw errors.notFound();
      if (target.id !== principal.id) {
        const store = target.storeId ? await deps.tenancy.storeOwnership(target.storeId) : null;
        if (!store || !canActForStore(principal, store)) throw errors.notFound();
      }
      if (!allowed(rule.roles, principal)) throw errors.forbidden();
      return principal.storeId ?? '';
    }
    case 'account': {
      const accountId = String(params[rule.accountParam] ?? '');
      const account = accountId && deps.accountOwnership ? await deps.accountOwnership(accountId) : null;
      if (!account || !canActForAccount(principal, account)) throw errors.notFound();
      if (!allowed(rule.roles, principal)) throw errors.forbidden();
      // A resource the path names (a user) must be of the account, whichever of its stores.
      for (const [name, value] of Object.entries(params)) {
        const ownerOf = name === rule.accountParam ? undefined : deps.pathResources?.[name];
        if (!ownerOf) continue;
        const owner = await ownerOf(String(value));
        if (!owner || owner.accountId !== account.id) throw errors.notFound();
      }
      return principal.storeId ?? '';
    }
    case 'partner': {
      const partnerId = String(params[rule.partnerParam] ?? '');
      if (!partnerId || !canActForPartner(principal, partnerId)) throw errors.notFound();
      if (!allowed(rule.roles, principal)) throw errors.forbidden();
      return principal.storeId ?? '';
    }
    case 'customer': {
      const customerId = String(params[rule.customerParam] ?? '');
      if (principal.type === 'consumer' || principal.type === 'customer') {
        if (rule.portal === false || principal.customerId !== customerId) throw errors.notFound();
        return principal.storeId ?? '';
      }
      if (!deps.customerStore) throw errors.notFound();
      const storeId = await deps.customerStore(customerId);
      const store = storeId ? await deps.tenancy.storeOwnership(storeId) : null;
      if (!store || !canActForStore(principal, store)) throw errors.notFound();
      if (!allowed(rule.staffRoles, principal)) throw errors.forbidden();
      return store.id;
    }
    case 'household':
      return authorizeHousehold(rule, principal, params, deps);
  }
}

/**
 * Household routes: a portal user reaches a resource of its customer's household only; staff one
 * of a store they may act for, with a listed role. Anything else is not shown to exist (404).
 */
async function authorizeHousehold(
  rule: Extract<AnyRoute['access'], { kind: 'household' }>,
  principal: Principal,
  params: Record<string, unknown>,
  deps: RegistrarDeps,
): Promise<string> {
  const id = String(params[rule.resourceParam] ?? '');
  const locate = deps.householdResources?.[rule.resourceParam];
  const owner = id && locate ? await locate(id) : null;
  if (!owner) throw errors.notFound();
  if (principal.type === 'consumer' || principal.type === 'customer') {
    const household = principal.customerId && deps.customerHousehold ? await deps.customerHousehold(principal.customerId) : null;
    if (!household || household !== owner.householdId) throw errors.notFound();
    return owner.storeId;
  }
  const store = await deps.tenancy.storeOwnership(owner.storeId);
  if (!store || !canActForStore(principal, store)) throw errors.notFound();
  if (!allowed(rule.staffRoles, principal)) throw errors.forbidden();
  return store.id;
}

/**
 * Mounts the route table: every route must have exactly one implementation and every
 * implementation must belong to the table, or the server refuses to start.
 */
export function registerRoutes(
  app: FastifyInstance,
  table: readonly AnyRoute[],
  implementations: readonly Implementation[],
  deps: RegistrarDeps,
): void {
  const byRoute = new Map<AnyRoute, Implementation>();
  for (const impl of implementations) {
    if (!table.includes(impl.route)) throw new Error(`Handler for ${impl.route.id} is not in the route table`);
    if (byRoute.has(impl.route)) throw new Error(`Two handlers for ${impl.route.id}`);
    byRoute.set(impl.route, impl);
  }
  const missing = table.filter((r) => !byRoute.has(r)).map((r) => r.id);
  if (missing.length) throw new Error(`Routes without a handler: ${missing.join(', ')}`);
  if (!deps.customerStore && table.some((r) => r.access.kind === 'customer')) {
    throw new Error('Customer-scoped routes need a customerStore resolver');
  }
  if (!deps.accountOwnership && table.some((r) => r.access.kind === 'account')) {
    throw new Error('Account-scoped routes need an accountOwnership resolver');
  }
  if (!deps.userScope && table.some((r) => r.access.kind === 'user')) {
    throw new Error('User-scoped routes need a userScope resolver');
  }
  for (const route of table) {
    if (route.access.kind !== 'household') continue;
    if (!deps.customerHousehold || !deps.householdResources?.[route.access.resourceParam]) {
      throw new Error(`${route.id}: household routes need customerHousehold and a householdResources resolver for :${route.access.resourceParam}`);
    }
  }
  if (!deps.reportAccess && table.some((r) => r.access.kind === 'report')) {
    throw new Error('Report routes need a reportAccess resolver');
  }

  const inFlight = deps.inFlight ?? createInFlightTracker();
  // onClose runs once the server stopped taking connections, before app.close() resolves.
  app.addHook('onClose', async () => inFlight.idle(DRAIN_TIMEOUT_MS));

  for (const impl of byRoute.values()) {
    const { route } = impl;
    // Compiled once per route, at its first answer (compiling the whole table would add seconds
    // to every start): a plain response schema is written by fast-json-stringify, which leaves out
    // what the schema does not name as zod's parse strips it (response-serializer.ts).
    let serializer: Serialize | null | undefined;
    const serializerOf = (): Serialize | null => {
      if (serializer !== undefined) return serializer;
      const compiled = deps.compiledResponses && route.response && !route.produces ? compileResponse(route.response) : null;
      serializer = compiled && deps.validateResponses ? checkedSerializer(route.id, route.response!, compiled) : compiled;
      return serializer;
    };
    const options: RouteOptions = {
      method: route.method,
      url: route.path,
      onSend: async (request, reply, payload) => {
        if (mustNotStore(route, request)) reply.header('cache-control', 'no-store');
        return payload;
      },
      handler: async (request, reply) => {
        inFlight.enter();
        try {
          refuseUnsafeText(request.headers, 'headers');
          const token = bearerToken(request);
          const principal = token ? await deps.tokens.verifyAccess(token) : null;
          const reportToken = route.access.kind === 'report' ? reportTokenOf(request) : null;
          // A stale sign-in beside a report link is no reason to refuse the link.
          if (token && !principal && route.access.kind !== 'public' && !reportToken) throw errors.unauthenticated('jwt malformed or expired');
          const params = (parse(route.params, request.params, 'params') ?? {}) as Record<string, unknown>;
          const { storeId, reportCaller } = await authorize(route, principal, params, deps, request.body, reportToken);
          const query = parse(route.query, request.query, 'query');
          const body = parse(route.body, request.body, 'body');

          // Routes that carry secrets ignore the key: nothing of theirs is ever stored.
          const key = usesIdempotencyKey(route) ? request.headers[IDEMPOTENCY_HEADER] : undefined;
          const outcome =
            typeof key === 'string'
              ? await deps.idempotency.begin({
                  caller: principal ? `user:${principal.id}` : 'anonymous',
                  key,
                  method: route.method,
                  url: request.url,
                  body: request.body,
                })
              : null;
          if (outcome?.kind === 'replay') {
            reply.header('idempotent-replayed', 'true');
            return outcome.body === null && outcome.status === 204
              ? reply.code(204).send()
              : reply.code(outcome.status).send(outcome.body);
          }

          let status: number;
          let payload: unknown;
          try {
            const result = await impl.handler({
              params,
              query,
              body,
              principal,
              storeId,
              reportCaller: reportCaller ?? null,
              request,
              reply,
            } as HandlerContext<AnyRoute>);
            if (result === reply || reply.sent) {
              await outcome?.finish(reply.statusCode, null);
              return reply;
            }
            status = route.status ?? (route.response ? 200 : 204);
            // An answer kept for replay (idempotency) is the schema's output, as before.
            const serialize = route.response && !outcome && status !== 204 ? serializerOf() : null;
            if (serialize) {
              const text = serialize(result);
              if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
              return reply.code(status).send(text);
            }
            payload = route.response && !route.produces ? route.response.parse(result) : result;
          } catch (error) {
            if (outcome) {
              const shaped = error instanceof AppError ? error.toResponse() : null;
              // A refusal (4xx) is an answer too; a crash or a provider failure (5xx) is not, so
              // the caller may try again with the same key.
              if (shaped && shaped.status < 500) await outcome.finish(shaped.status, shaped);
              else await outcome.abandon();
            }
            throw error;
          }
          await outcome?.finish(status, payload ?? null);
          return status === 204 ? reply.code(204).send() : reply.code(status).send(payload);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return sendError(reply, error);
        } finally {
          inFlight.leave();
        }
      },
    };
    for (const url of mountedPaths(route.path)) app.route({ ...options, url });
  }
}

/**
 * The paths a route answers at: its own, and for a path the spec writes with a trailing slash
 * (`GET /store/{s}/customer/{c}/`) the same path without it, since clients send both.
 */
export function mountedPaths(path: string): string[] {
  return path.length > 1 && path.endsWith('/') ? [path, path.replace(/\/+$/, '')] : [path];
}
