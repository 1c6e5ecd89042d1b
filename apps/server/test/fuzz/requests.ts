import fc from 'fast-check';
import type { z } from 'zod';
import type { AnyRoute } from '@servicebay/domain';
import { arbitraryOf, HOSTILE_STRINGS, mutated, rarely, type BuildOptions } from './arbitraries.js';

/** One request of the fuzz run, as app.inject takes it. */
export interface FuzzRequest {
  method: AnyRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Who sends it, for the failure report. */
  caller: string;
}

/** Who calls a route in the run: an allowed user (or the anonymous caller of a public route). */
export interface CallerOption {
  label: string;
  headers: Record<string, string>;
  /** Real values of the route's path parameters for this caller: ids of its own store. */
  params: Record<string, string>;
  /** Query parameters every request of this caller carries (a report link's `t`). */
  query?: Record<string, string>;
}

const truncate = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;

/** The request, short enough to print: method, url, headers, body. */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [
      k,
      k === 'authorization' ? `${v.slice(0, 16)}...` : truncate(v, 120),
    ]),
  );
  const raw = request.payload;
  const body =
    raw === undefined ? '(none)' : truncate(typeof raw === 'string' ? raw : raw.toString('latin1'), 600);
  return `${request.method} ${truncate(request.url, 400)} as ${request.caller}\nheaders: ${JSON.stringify(headers)}\nbody: ${body}`;
}

/**
 * Percent-encodes a path or query value as a hostile client would send it: an unpaired
 * surrogate (which encodeURIComponent refuses) goes as its three WTF-8 bytes.
 */
export function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(asText(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  (schema as unknown as { _zod?: { def: { shape?: Record<string, z.ZodType> } } } | undefined)?._zod?.def
    .shape ?? {};

/** Routes whose body is a multipart/form-data upload (no body schema; the summary says so). */
export const isMultipartRoute = (route: AnyRoute) =>
  !route.body && route.summary.includes('multipart/form-data');

/** A 1x1 PNG, for uploads that should get past the byte sniffing and be stored. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b52' +
    '6b0000000c49444154089963f8cfc00000030101009ce3bf590000000049454e44ae426082',
  'hex',
);
/** A PNG whose checksums are wrong: its signature passes the sniffing, its pixels cannot be read. */
const BROKEN_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d6a4b90000000049454e44ae426082',
  'hex',
);

const UPLOAD_FIELDS = [
  'fileName',
  'name',
  'source',
  'signerName',
  'language',
  'workerId',
  'workerName',
  'workerTitle',
  'dateTime',
  'lat',
  'long',
  'lastModified',
  'duration',
];

/** A multipart body: a few text fields then at most one file, or something that only looks like one. */
function multipartArbitrary(): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const boundary = '----servicebayfuzz';
  const fieldValue = fc.oneof(
    { arbitrary: fc.string({ maxLength: 30 }), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 5000)), weight: 2 },
  );
  const file = fc.record({
    field: fc.constantFrom('file', 'picture', 'video', '\u0000'),
    filename: fc.oneof(
      fc.constantFrom('p.png', 'p\u0000.png', '\uD800.png', '../../x.png', ''),
      fc.string({ maxLength: 20 }),
    ),
    data: fc.oneof(
      { arbitrary: fc.constant(PNG), weight: 3 },
      { arbitrary: fc.constant(BROKEN_PNG), weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)), weight: 2 },
      { arbitrary: fc.constant(Buffer.from([0xff, 0xd8, 0xff])), weight: 1 },
      {
        arbitrary: fc.constant(
          Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1')]),
        ),
        weight: 1,
      },
    ),
  });
  const form = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...UPLOAD_FIELDS, 'x\u0000'), fieldValue), { maxLength: 6 }),
      fc.option(file, { freq: 6 }),
    )
    .map(([fields, f]) => {
      const chunks: Buffer[] = [];
      for (const [name, value] of fields)
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        );
      if (f) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          f.data,
          Buffer.from('\r\n'),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
    });
  const malformed = fc.constantFrom(
    {
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
      ),
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { payload: Buffer.from('not a form'), contentType: 'multipart/form-data' },
    { payload: Buffer.from('{}'), contentType: 'application/json' },
    { payload: Buffer.from(''), contentType: `multipart/form-data; boundary=${boundary}` },
  );
  return fc.oneof({ arbitrary: form, weight: 5 }, { arbitrary: malformed, weight: 1 });
}

/** What else a request may carry: a JSON body that is not JSON, a content type nobody parses. */
const oddBodies = fc.constantFrom(
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"\\u0000"', contentType: 'application/json' },
  { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
  { payload: 'a=b', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain', contentType: 'text/plain' },
);

/** Headers a caller may add that reach the server's logic. */
const hostileHeaders = rarely(
  fc.dictionary(
    fc.constantFrom(
      'idempotency-key',
      'x-report-token',
      'x-report-sender',
      'accept-language',
      'if-none-match',
      'range',
    ),
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('\u0000', 'bytes=5-1', 'bytes=0-99999999999', 'x'.repeat(5000)),
    ),
    { maxKeys: 2 },
  ),
  5,
);

/**
 * All the requests the run may send to one route: an allowed caller, its real path ids (or now and
 * then a drawn or hostile one), a query and a body drawn from the route's schemas, well-formed
 * about half the time and with hostile values mixed in otherwise.
 */
export function requestArbitrary(
  route: AnyRoute,
  callers: readonly CallerOption[],
  ids: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  /**
   * clean: well-formed throughout; mutated: well-formed but for one change (the body's, else the
   * query's); hostile: hostile values anywhere, path ids drawn one time in four, odd bodies and headers.
   */
  const built = (mode: 'clean' | 'mutated' | 'hostile') => {
    const hostility = mode === 'hostile' ? 3 : 0;
    const options: BuildOptions = { hostility, ids };
    const paramShape = shapeOf(route.params);
    const names = Object.keys(paramShape);
    const drawn = (schema: z.ZodType | undefined, mutate: boolean) =>
      !schema
        ? fc.constant(undefined)
        : mutate
          ? mutated(arbitraryOf(schema, options))
          : arbitraryOf(schema, options);
    return fc
      .record({
        caller: fc.constantFrom(...callers),
        drawnParams: fc.record(
          Object.fromEntries(
            names.map((n) => [n, arbitraryOf(paramShape[n]!, { ...options, hostility: 3 })]),
          ),
        ),
        useDrawn: fc.record(
          Object.fromEntries(
            names.map((n) => [
              n,
              fc
                .nat(3)
                .map(
                  (k) =>
                    k === 0 && (mode === 'hostile' || (mode === 'mutated' && !route.body && !route.query)),
                ),
            ]),
          ),
        ),
        query: drawn(route.query, mode === 'mutated' && !route.body),
        body: drawn(route.body, mode === 'mutated'),
        multipart: isMultipartRoute(route) ? multipartArbitrary() : fc.constant(null),
        odd: mode === 'hostile' ? rarely(oddBodies, 12) : fc.constant(null),
        extraHeaders: mode === 'hostile' ? hostileHeaders : fc.constant(null),
      })
      .map(({ caller, drawnParams, useDrawn, query, body, multipart, odd, extraHeaders }): FuzzRequest => {
        const params: Record<string, string> = {};
        for (const n of names)
          params[n] = useDrawn[n] || !(n in caller.params) ? asText(drawnParams[n]) : caller.params[n]!;
        // Ids in the body that name a path resource (the store, a customer...) name the caller's own,
        // as the path does, unless they are the hostile part.
        if (mode !== 'hostile' && body && typeof body === 'object' && !Array.isArray(body)) {
          const fields = body as Record<string, unknown>;
          for (const [name, value] of Object.entries(caller.params)) {
            if (
              name in fields &&
              (mode === 'clean' || (typeof fields[name] === 'string' && UUID.test(fields[name] as string)))
            ) {
              fields[name] = value;
            }
          }
        }
        if (
          route.access.kind === 'store' &&
          route.access.storeIn === 'body' &&
          body &&
          typeof body === 'object' &&
          !Array.isArray(body) &&
          mode === 'clean'
        ) {
          (body as Record<string, unknown>)[route.access.storeParam] = caller.params[route.access.storeParam];
        }
        const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encode(params[name] ?? ''));
        const queryObject = {
          ...(query && typeof query === 'object' && !Array.isArray(query)
            ? (query as Record<string, unknown>)
            : {}),
          ...caller.query,
        };
        const headers: Record<string, string> = { ...caller.headers, ...(extraHeaders ?? {}) };
        let payload: string | Buffer | undefined;
        if (multipart) {
          payload = multipart.payload;
          headers['content-type'] = multipart.contentType;
        } else if (odd && route.method !== 'GET') {
          payload = odd.payload;
          headers['content-type'] = odd.contentType;
        } else if (route.method !== 'GET' && route.method !== 'DELETE') {
          payload = JSON.stringify(body ?? {});
          headers['content-type'] = 'application/json';
        }
        return {
          method: route.method,
          url: path + queryString(queryObject),
          headers,
          payload,
          caller: caller.label,
        };
      });
  };
  return fc
    .oneof(
      { arbitrary: built('clean'), weight: 2 },
      { arbitrary: built('mutated'), weight: 2 },
      { arbitrary: built('hostile'), weight: 1 },
    )
    .map((request) =>
      // fast-check prints counterexamples with this, so a 1 MB string does not flood the report.
      Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }),
    );
}
