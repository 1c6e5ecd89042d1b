import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, WORK_ORDER_TEXT_FIELDS } from '@servicebay/domain';
import { z } from 'zod';
import { PROTRACTOR_LOCATION_HEADER, PROTRACTOR_SIGNATURE_HEADER, protractorSignature } from './protractor.client.js';
import type { ShopSystemAdapter } from './shop-system.js';

/**
 * The simulator's HTTP face: the calls of the Protractor adapter (protractor.client.ts) answered
 * from the simulator, with the same checks the real system makes: the bearer key, the signature
 * within 5 minutes, the location. It is a plain Node request handler, not a route of ServiceBay's
 * API: the contract tests serve it on a port of their own, and so can a developer
 * (docs/integrations.md).
 */
const SIGNATURE_WINDOW_SECONDS = 300;

const ZSelector = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('line'), lineId: z.string().min(1) }),
  z.object({ kind: z.literal('technician'), technicianId: z.string().min(1) }),
]);
const ZApprovedWork = z.object({
  inspectionOrderId: z.uuid(),
  headerDescription: z.string(),
  technician: z.object({ ID: z.string(), Name: z.string() }).nullable(),
  jobs: z.array(
    z.object({
      reference: z.string(),
      description: z.string(),
      labourHours: z.number(),
      parts: z.array(z.object({ number: z.string().nullable(), description: z.string(), quantity: z.number() })),
      declined: z.boolean(),
    }),
  ),
});
const ZEmployee = z.object({ employeeId: z.uuid() });
const ZLine = ZEmployee.extend({ workOrderId: z.string(), lineId: z.string(), technicianName: z.string().optional() });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function simulatorHttpHandler(sim: ShopSystemAdapter, options: { apiKey: string; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const raw = await readBody(req);
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) throw new AppError(401, 'UNAUTHENTICATED', 'Bad API key');
      const signature = String(req.headers[PROTRACTOR_SIGNATURE_HEADER] ?? '');
      const seconds = Number(/^t=(\d+),/.exec(signature)?.[1] ?? NaN);
      if (!Number.isFinite(seconds) || Math.abs(now().getTime() / 1000 - seconds) > SIGNATURE_WINDOW_SECONDS) {
        throw new AppError(403, 'FORBIDDEN', 'Signature missing or outside its window');
      }
      if (!sameText(signature, protractorSignature(options.apiKey, seconds, method, path, raw))) throw new AppError(403, 'FORBIDDEN', 'Bad signature');
      const storeId = String(req.headers[PROTRACTOR_LOCATION_HEADER] ?? '');
      if (!z.uuid().safeParse(storeId).success) throw new AppError(400, 'INVALID_ARGUMENTS', 'Location missing');
      const body = raw ? (JSON.parse(raw) as unknown) : {};
      const url = new URL(path, 'http://simulator');
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      const parse = <T>(schema: z.ZodType<T>): T => {
        const r = schema.safeParse(body);
        if (!r.success) throw new AppError(400, 'INVALID_ARGUMENTS', r.error.issues[0]?.message ?? 'Invalid body');
        return r.data;
      };
      const found = <T>(value: T | null) => {
        if (value === null) throw new AppError(404, 'NOT_FOUND', 'Not found');
        return value;
      };
      const route = `${method} /${parts.map((p, i) => (parts[0] === 'workorders' && i === 1 && p !== 'approved-work' ? ':id' : p)).join('/')}`;
      const id = parts[1] ?? '';
      let answer: unknown;
      switch (route) {
        case 'GET /workorders': {
          const inspectionOrderId = url.searchParams.get('inspectionOrderId') ?? '';
          const w = await sim.workOrderOf(storeId, inspectionOrderId);
          answer = { items: w ? [w] : [] };
          break;
        }
        case 'GET /workorders/:id':
          answer = found(await sim.workOrder(storeId, id));
          break;
        case 'POST /workorders/approved-work':
          answer = await sim.pushApprovedWork(storeId, parse(ZApprovedWork));
          break;
        case 'PUT /workorders/:id/text': {
          const b = parse(z.object({ field: z.enum(WORK_ORDER_TEXT_FIELDS), value: z.string() }));
          answer = await sim.setText(storeId, id, b.field, b.value);
          break;
        }
        case 'POST /workorders/:id/completion': {
          const b = parse(z.object({ selector: ZSelector, completed: z.boolean() }));
          answer = await sim.setCompleted(storeId, id, b.selector, b.completed);
          break;
        }
        case 'GET /workorders/:id/parts':
          answer = { items: await sim.parts(storeId, id) };
          break;
        case 'GET /timeclock/events': {
          const since = url.searchParams.get('since');
          answer = {
            items: await sim.clockEvents(storeId, {
              employeeId: url.searchParams.get('employeeId') ?? undefined,
              workOrderId: url.searchParams.get('workOrderId') ?? undefined,
              since: since ? new Date(since) : undefined,
            }),
          };
          break;
        }
        case 'POST /timeclock/clock-in':
          answer = await sim.clockIn(storeId, parse(ZEmployee).employeeId);
          break;
        case 'POST /timeclock/clock-out':
          answer = await sim.clockOut(storeId, parse(ZEmployee).employeeId);
          break;
        case 'POST /timeclock/start': {
          const b = parse(ZLine);
          answer = await sim.startLine(storeId, b.employeeId, b.workOrderId, b.lineId, b.technicianName ?? '');
          break;
        }
        case 'POST /timeclock/stop': {
          const b = parse(ZLine);
          answer = await sim.stopLine(storeId, b.employeeId, b.workOrderId, b.lineId);
          break;
        }
        default:
          throw new AppError(404, 'NOT_FOUND', `No such call: ${method} ${url.pathname}`);
      }
      send(res, 200, answer);
    } catch (error) {
      if (error instanceof AppError) send(res, error.status, error.toResponse());
      else if (error instanceof SyntaxError) send(res, 400, { status: 400, code: 'INVALID_ARGUMENTS', message: 'Body is not JSON' });
      else send(res, 500, { status: 500, code: 'INTERNAL_ERROR', message: 'Simulator failure' });
    }
  };
}

