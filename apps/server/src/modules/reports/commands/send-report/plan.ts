import { AppError, dueMaintenance, errors, reportRecipients, type ReportChannel, type SendReportRequest } from '@servicebay/domain';
import type { Db } from '../../../../platform/db/client.js';
import type { Actor, OrderRow } from '../../../repair-orders/index.js';
import { createReportLinksRepository } from '../../report-links.repository.js';
import { createReportSendingRepository, type ReportDeliveryRow, type ReportSendingRepository } from '../../report-sending.repository.js';
import type { ReportMessageInput } from '../../report-message.js';
import type { ReportCustomersPort, SendReportDeps } from './deps.js';

/** What step 1 decides: the link, every delivery of this token, those still to send, and the message. */
export interface SendPlan {
  linkId: string;
  results: ReportDeliveryRow[];
  toSend: ReportDeliveryRow[];
  message: ReportMessageInput | null;
  replayed: boolean;
}

type Wanted = { channel: ReportChannel; to: string; thirdParty: boolean; refused: boolean };
type Customer = Awaited<ReturnType<ReportCustomersPort['customer']>>;
type Worker = NonNullable<Awaited<ReturnType<ReportSendingRepository['worker']>>>;
type Store = NonNullable<Awaited<ReturnType<SendReportDeps['store']>>>;

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim();

export const reportUrl = (deps: Pick<SendReportDeps, 'publicUrl' | 'linkSigner'>, inspectionOrderId: string, linkId: string) =>
  `${deps.publicUrl.replace(/\/$/, '')}/report/${inspectionOrderId}?t=${encodeURIComponent(deps.linkSigner.sign(linkId, inspectionOrderId))}`;

/** The recipients the request and the customer's permissions give; a refused text is kept, to be recorded as refused. */
function wantedRecipients(customer: Customer, body: SendReportRequest): Wanted[] {
  const recipients = reportRecipients(customer, body);
  if (!recipients.ok) throw new AppError(recipients.status, recipients.code, recipients.message);
  const wanted: Wanted[] = [];
  // One delivery per address of the e-mail list: each is sent, recorded and replay-safe on its own.
  for (const email of recipients.emails) wanted.push({ channel: 'email', ...email, refused: false });
  if (recipients.sms) wanted.push({ channel: 'sms', ...recipients.sms, refused: false });
  if (recipients.smsRefused)
    wanted.push({
      channel: 'sms',
      to: body.customerPhone || customer.mobilePhone || '',
      thirdParty: false,
      refused: true,
    });
  return wanted;
}

/** The link this token's earlier sending issued, while it is still active; else a new one. */
async function linkFor(
  deps: SendReportDeps,
  tx: Db,
  earlier: ReportDeliveryRow[],
  at: { storeId: string; inspectionOrderId: string; actor: Actor },
): Promise<string> {
  const earlierLink = earlier.find((d) => d.reportLinkId)?.reportLinkId ?? null;
  const reusable = earlierLink ? await createReportLinksRepository(tx).findActive(earlierLink, at.inspectionOrderId) : null;
  if (reusable) return reusable.id;
  return (await deps.linksIn(tx).issue(at.storeId, at.inspectionOrderId, at.actor.id)).link.id;
}

/** A pending delivery per recipient, except those this token already sent (or is sending): never twice. */
async function recordPending(
  repo: ReportSendingRepository,
  wanted: Wanted[],
  earlier: ReportDeliveryRow[],
  row: { storeId: string; inspectionOrderId: string; linkId: string; workerId: string; sendKey: string; body: SendReportRequest },
) {
  const { body } = row;
  const results: ReportDeliveryRow[] = [];
  const toSend: ReportDeliveryRow[] = [];
  for (const w of wanted) {
    const latest = earlier.filter((d) => d.channel === w.channel && d.to === w.to).at(-1);
    if (latest && (latest.status === 'fulfilled' || latest.status === 'pending')) {
      results.push(latest);
      continue;
    }
    const inserted = await repo.insert({
      storeId: row.storeId,
      inspectionOrderId: row.inspectionOrderId,
      reportLinkId: row.linkId,
      workerId: row.workerId,
      notification: body.notification,
      channel: w.channel,
      to: w.to,
      language: body.language,
      status: w.refused ? 'error' : 'pending',
      error: w.refused ? 'SMS_NOT_PERMITTED' : null,
      sendKey: row.sendKey,
      thirdParty: w.thirdParty,
      includePaymentLink: body.includePaymentLink,
    });
    results.push(inserted);
    if (!w.refused) toSend.push(inserted);
  }
  return { results, toSend };
}

/** The maintenance due at the order's mileage, when the order includes it in the report. */
async function maintenanceDue(
  deps: SendReportDeps,
  tx: Db,
  order: OrderRow,
  engine: string | null,
): Promise<ReportMessageInput['maintenance']> {
  if (!order.includeMaintenanceInReport) return [];
  const rows = await deps.maintenance(tx, /electric/i.test(engine ?? '') ? 'electric' : 'combustion');
  const intervals = new Map<number, Array<{ operation: string; item: string }>>();
  for (const r of rows)
    intervals.set(r.miles, [...(intervals.get(r.miles) ?? []), { operation: r.operation, item: r.item }]);
  return dueMaintenance(
    order.mileageOut ?? order.mileageIn,
    [...intervals].map(([value, services]) => ({ value, services })),
  );
}

/** What the e-mail and the text say. */
async function composeMessage(
  deps: SendReportDeps,
  tx: Db,
  ctx: {
    storeId: string;
    inspectionOrderId: string;
    order: OrderRow;
    body: SendReportRequest;
    store: Store;
    worker: Worker;
    customer: Customer;
    customers: ReportCustomersPort;
    linkId: string;
  },
): Promise<ReportMessageInput> {
  const { order, body, store, worker, customer } = ctx;
  const vehicle = await ctx.customers.vehicle(ctx.storeId, order.vehicleId);
  return {
    language: body.language,
    notification: body.notification,
    store: { name: store.name, phoneNo: store.phoneNo },
    workerName: fullName(worker) || store.name,
    customerName: customer.firstName?.trim() || customer.business?.trim() || null,
    vehicle: [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' '),
    subjectLine: body.subjectLine,
    messageText: body.messageText,
    url: reportUrl(deps, ctx.inspectionOrderId, ctx.linkId),
    maintenance: await maintenanceDue(deps, tx, order, vehicle.engine),
  };
}

/**
 * Step 1, with the order locked (concurrent sends of one order take turns here): check the
 * payload, choose the recipients, skip those this token already sent, issue (or reuse) the
 * report link, record pending deliveries; the estimate delivery goes IN_PROGRESS.
 */
export async function planSending(
  deps: SendReportDeps,
  input: { storeId: string; inspectionOrderId: string; body: SendReportRequest; actor: Actor; sendKey: string },
): Promise<SendPlan> {
  const { storeId, inspectionOrderId, body, actor, sendKey } = input;
  return deps.orders.reportWork(storeId, inspectionOrderId, actor, async (tx, order) => {
    const repo = createReportSendingRepository(tx);
    const store = await deps.store(tx, storeId);
    if (!store) throw errors.notFound();
    const worker = await repo.worker(store, body.workerId);
    if (!worker) throw errors.invalid('workerId: not a worker of this store');
    const customers = deps.customers(tx);
    const customer = await customers.customer(storeId, order.customerId);
    const wanted = wantedRecipients(customer, body);

    const earlier = await repo.byKey(storeId, inspectionOrderId, sendKey);
    const linkId = await linkFor(deps, tx, earlier, { storeId, inspectionOrderId, actor });
    const { results, toSend } = await recordPending(repo, wanted, earlier, {
      storeId,
      inspectionOrderId,
      linkId,
      workerId: worker.id,
      sendKey,
      body,
    });
    const message = toSend.length
      ? await composeMessage(deps, tx, { storeId, inspectionOrderId, order, body, store, worker, customer, customers, linkId })
      : null;
    const change = toSend.length && body.notification === 'report' ? { estimateDelivery: 'IN_PROGRESS' as const } : null;
    return {
      value: { linkId, results, toSend, message, replayed: toSend.length === 0 && results.every((r) => r.status !== 'error') },
      change,
    };
  });
}
