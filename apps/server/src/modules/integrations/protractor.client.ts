import { createHmac } from 'node:crypto';
import { AppError, ERROR_CODES, ZClockEvent, ZShopPart, ZWorkOrder, type ErrorCode } from '@servicebay/domain';
import { z } from 'zod';
import type { RemoteWorkOrder, ShopSystemAdapter } from './shop-system.js';

/**
 * The Protractor adapter over HTTP (docs/integrations.md). Protractor's partner API is reached at
 * the store's integration endpoint; each call names the location (the store) in
 * `X-Location-Id`, carries the API key as a bearer token, and is signed: `X-Protractor-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<METHOD>.<path>.<body>">` under the same key, so a
 * call replayed or changed on the way is refused by the receiving side. Every call has a time-out
 * (reads shorter than writes); a call that times out, cannot connect or gets a 5xx answers
 * SHOP_SYSTEM_UNAVAILABLE (503), and the system's own errors in the error shape pass through.
 *
 * The paths and shapes are those the local simulator answers (protractor.simulator.http.ts); the
 * same contract suite runs against both.
 */
export interface ProtractorClientOptions {
  endpoint: string;
  apiKey: string;
  /** Reads (GET). */
  readTimeoutMs?: number;
  /** Writes. */
  writeTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export const PROTRACTOR_SIGNATURE_HEADER = 'x-protractor-signature';
export const PROTRACTOR_LOCATION_HEADER = 'x-location-id';

/** The signature of one call: `t=<seconds>,v1=<hex>` over timestamp, method, path and body. */
export function protractorSignature(key: string, seconds: number, method: string, path: string, body: string): string {
  const mac = createHmac('sha256', key).update(`${seconds}.${method.toUpperCase()}.${path}.${body}`).digest('hex');
  return `t=${seconds},v1=${mac}`;
}

const ZRemoteWorkOrder = ZWorkOrder.omit({ closed: true, allDone: true, expandedByDefault: true });
const ZRemoteError = z.object({ status: z.number(), code: z.string(), message: z.string() });

const unavailable = (why: string) => new AppError(503, 'SHOP_SYSTEM_UNAVAILABLE', `The shop system did not answer: ${why}`);

export function createProtractorClient(options: ProtractorClientOptions): ShopSystemAdapter {
  const base = options.endpoint.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const readTimeout = options.readTimeoutMs ?? 10_000;
  const writeTimeout = options.writeTimeoutMs ?? 20_000;

  async function call<T>(storeId: string, method: 'GET' | 'POST' | 'PUT', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T | null> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const seconds = Math.floor(now().getTime() / 1000);
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          [PROTRACTOR_LOCATION_HEADER]: storeId,
          [PROTRACTOR_SIGNATURE_HEADER]: protractorSignature(options.apiKey, seconds, method, path, payload),
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        body: payload || undefined,
        signal: AbortSignal.timeout(method === 'GET' ? readTimeout : writeTimeout),
      });
    } catch (error) {
      throw unavailable(error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'no connection');
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw unavailable(`an answer that is not JSON (${res.status})`);
    }
    if (res.status === 404) return null;
    if (res.status >= 500) throw unavailable(`status ${res.status}`);
    if (!res.ok) {
      const remote = ZRemoteError.safeParse(json);
      if (remote.success && (ERROR_CODES as readonly string[]).includes(remote.data.code) && remote.data.status < 500) {
        throw new AppError(remote.data.status, remote.data.code as ErrorCode, remote.data.message);
      }
      throw unavailable(`status ${res.status}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw unavailable('an answer of an unknown shape');
    return parsed.data;
  }

  const must = <T>(value: T | null, what: string): T => {
    if (value === null) throw new AppError(404, 'NOT_FOUND', `No such ${what}`);
    return value;
  };
  const wo = (id: string) => `/workorders/${encodeURIComponent(id)}`;
  const ZList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

  return {
    kind: 'protractor',
    async workOrderOf(storeId, inspectionOrderId) {
      const list = await call(storeId, 'GET', `/workorders?inspectionOrderId=${encodeURIComponent(inspectionOrderId)}`, ZList(ZRemoteWorkOrder));
      return (list?.items[0] as RemoteWorkOrder | undefined) ?? null;
    },
    async workOrder(storeId, workOrderId) {
      return call(storeId, 'GET', wo(workOrderId), ZRemoteWorkOrder);
    },
    async pushApprovedWork(storeId, work) {
      return must(await call(storeId, 'POST', '/workorders/approved-work', ZRemoteWorkOrder, work), 'work order');
    },
    async setText(storeId, workOrderId, field, value) {
      return must(await call(storeId, 'PUT', `${wo(workOrderId)}/text`, ZRemoteWorkOrder, { field, value }), 'work order');
    },
    async setCompleted(storeId, workOrderId, selector, completed) {
      return must(await call(storeId, 'POST', `${wo(workOrderId)}/completion`, ZRemoteWorkOrder, { selector, completed }), 'work order or line');
    },
    async parts(storeId, workOrderId) {
      return must(await call(storeId, 'GET', `${wo(workOrderId)}/parts`, ZList(ZShopPart)), 'work order').items;
    },
    async clockEvents(storeId, filter) {
      const q = new URLSearchParams();
      if (filter.employeeId) q.set('employeeId', filter.employeeId);
      if (filter.workOrderId) q.set('workOrderId', filter.workOrderId);
      if (filter.since) q.set('since', filter.since.toISOString());
      const list = await call(storeId, 'GET', `/timeclock/events${q.size ? `?${q}` : ''}`, ZList(ZClockEvent));
      return list?.items ?? [];
    },
    async clockIn(storeId, employeeId) {
      return must(await call(storeId, 'POST', '/timeclock/clock-in', ZClockEvent, { employeeId }), 'employee');
    },
    async clockOut(storeId, employeeId) {
      return must(await call(storeId, 'POST', '/timeclock/clock-out', ZClockEvent, { employeeId }), 'employee');
    },
    async startLine(storeId, employeeId, workOrderId, lineId, technicianName) {
      return must(
        await call(storeId, 'POST', '/timeclock/start', ZClockEvent, { employeeId, workOrderId, lineId, technicianName }),
        'labour line',
      );
    },
    async stopLine(storeId, employeeId, workOrderId, lineId) {
      return must(await call(storeId, 'POST', '/timeclock/stop', ZClockEvent, { employeeId, workOrderId, lineId }), 'labour line');
    },
  };
}
