import {
  AppError,
  dueMaintenance,
  errors,
  reportRecipients,
  sendState,
  type ReportChannel,
  type ReportDelivery,
  type ReportDeliveryStatus,
  type SendReportRequest,
  type SendReportResponse,
} from '@servicebay/domain';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { MailProvider } from '../../platform/mail/index.js';
import type { SmsProvider } from '../../platform/sms/index.js';
import { MessageDeliveryError } from '../../platform/messages/delivery.js';
import type { ReportLinkSigner } from '../../platform/auth/report-link-token.js';
import type { Actor, RepairOrdersService } from '../repair-orders/index.js';
import { createReportLinksRepository } from './report-links.repository.js';
import type { ReportLinksService } from './report-links.service.js';
import { createReportSendingRepository, type ReportDeliveryRow } from './report-sending.repository.js';
import type { SendTokenSigner } from './send-token.js';
import { reportEmail, reportSms, type ReportMessageInput } from './report-message.js';

/** What sending needs of the customers feature (its service, bound to a transaction). */
export interface ReportCustomersPort {
  customer(
    storeId: string,
    id: string,
  ): Promise<{
    firstName: string | null;
    lastName: string | null;
    business: string | null;
    email: string | null;
    mobilePhone: string | null;
    permissionToText: boolean;
  }>;
  vehicle(
    storeId: string,
    id: string,
  ): Promise<{ year: number | null; make: string | null; model: string | null; engine: string | null }>;
}

export interface ReportSendingDeps {
  db: Db;
  orders: Pick<RepairOrdersService, 'reportWork'>;
  customers: (db: Db) => ReportCustomersPort;
  store: (
    db: Db,
    storeId: string,
  ) => Promise<{ id: string; accountId: string; name: string; phoneNo: string | null } | null>;
  /** The vehicle-data feature's schedule rows (maintenance intervals), for includeMaintenanceInReport. */
  maintenance: (
    db: Db,
    powertrain: 'combustion' | 'electric',
  ) => Promise<Array<{ miles: number; operation: string; item: string }>>;
  mail: MailProvider;
  sms: SmsProvider;
  sendTokens: SendTokenSigner;
  linkSigner: ReportLinkSigner;
  /** The report links service working in the given transaction. */
  linksIn: (db: Db) => Pick<ReportLinksService, 'issue'>;
  publicUrl: string;
  logger: Logger;
}

type Wanted = { channel: ReportChannel; to: string; thirdParty: boolean; refused: boolean };

const present = (row: ReportDeliveryRow): ReportDelivery => ({
  _id: row.id,
  channel: row.channel as ReportChannel,
  to: row.to,
  status: row.status as ReportDeliveryStatus,
  error: row.error,
  notification: row.notification as ReportDelivery['notification'],
  workerId: row.workerId,
  createdAt: row.createdAt.toISOString(),
});

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim();

/**
 * Sending the report (docs/reports.md "Sending the report"), in three steps so no provider call
 * runs inside a transaction: (1) with the order locked, check the payload, choose the recipients,
 * skip those this token already sent, issue (or reuse) the report link and record pending
 * deliveries, estimate delivery IN_PROGRESS; (2) send each e-mail and text; (3) record the
 * outcome and what the order becomes (report done and DELIVERED, or the repair-complete flag).
 */
export function createReportSendingService(deps: ReportSendingDeps) {
  const reportUrl = (inspectionOrderId: string, linkId: string) =>
    `${deps.publicUrl.replace(/\/$/, '')}/report/${inspectionOrderId}?t=${encodeURIComponent(deps.linkSigner.sign(linkId, inspectionOrderId))}`;

  return {
    issueToken(inspectionOrderId: string, actor: Actor) {
      const { token, expiresAt } = deps.sendTokens.issue(inspectionOrderId, actor.id);
      return { token, expiresAt: expiresAt.toISOString() };
    },

    async send(
      storeId: string,
      inspectionOrderId: string,
      body: SendReportRequest,
      actor: Actor,
    ): Promise<SendReportResponse> {
      if (body.storeId !== storeId) throw errors.invalid('storeId: does not match the store of the path');
      if (body.inspectionOrderId !== inspectionOrderId)
        throw errors.invalid('inspectionOrderId: does not match the order of the path');
      const verified = deps.sendTokens.verify(body.token, inspectionOrderId, actor.id);
      if (!verified.ok) throw errors.invalid(verified.reason);
      const sendKey = verified.key;

      // (1) Plan, with the order locked: concurrent sends of one order take turns here.
      const plan = await deps.orders.reportWork(storeId, inspectionOrderId, actor, async (tx, order) => {
        const repo = createReportSendingRepository(tx);
        const store = await deps.store(tx, storeId);
        if (!store) throw errors.notFound();
        const worker = await repo.worker(store, body.workerId);
        if (!worker) throw errors.invalid('workerId: not a worker of this store');
        const customers = deps.customers(tx);
        const customer = await customers.customer(storeId, order.customerId);
        const recipients = reportRecipients(customer, body);
        if (!recipients.ok) throw new AppError(recipients.status, recipients.code, recipients.message);
        const wanted: Wanted[] = [];
        if (recipients.email) wanted.push({ channel: 'email', ...recipients.email, refused: false });
        if (recipients.sms) wanted.push({ channel: 'sms', ...recipients.sms, refused: false });
        if (recipients.smsRefused)
          wanted.push({
            channel: 'sms',
            to: body.customerPhone || customer.mobilePhone || '',
            thirdParty: false,
            refused: true,
          });

        const earlier = await repo.byKey(storeId, inspectionOrderId, sendKey);
        const linksRepo = createReportLinksRepository(tx);
        const earlierLink = earlier.find((d) => d.reportLinkId)?.reportLinkId ?? null;
        const reusable = earlierLink ? await linksRepo.findActive(earlierLink, inspectionOrderId) : null;
        const linkId = reusable
          ? reusable.id
          : (await deps.linksIn(tx).issue(storeId, inspectionOrderId, actor.id)).link.id;

        const results: ReportDeliveryRow[] = [];
        const toSend: ReportDeliveryRow[] = [];
        for (const w of wanted) {
          const latest = earlier.filter((d) => d.channel === w.channel && d.to === w.to).at(-1);
          // Already sent (or being sent) under this token: never twice.
          if (latest && (latest.status === 'fulfilled' || latest.status === 'pending')) {
            results.push(latest);
            continue;
          }
          const row = await repo.insert({
            storeId,
            inspectionOrderId,
            reportLinkId: linkId,
            workerId: worker.id,
            notification: body.notification,
            channel: w.channel,
            to: w.to,
            language: body.language,
            status: w.refused ? 'error' : 'pending',
            error: w.refused ? 'SMS_NOT_PERMITTED' : null,
            sendKey,
            thirdParty: w.thirdParty,
            includePaymentLink: body.includePaymentLink,
          });
          results.push(row);
          if (!w.refused) toSend.push(row);
        }

        let message: ReportMessageInput | null = null;
        if (toSend.length) {
          const vehicle = await customers.vehicle(storeId, order.vehicleId);
          const mileage = order.mileageOut ?? order.mileageIn;
          let maintenance: ReportMessageInput['maintenance'] = [];
          if (order.includeMaintenanceInReport) {
            const rows = await deps.maintenance(
              tx,
              /electric/i.test(vehicle.engine ?? '') ? 'electric' : 'combustion',
            );
            const intervals = new Map<number, Array<{ operation: string; item: string }>>();
            for (const r of rows)
              intervals.set(r.miles, [
                ...(intervals.get(r.miles) ?? []),
                { operation: r.operation, item: r.item },
              ]);
            maintenance = dueMaintenance(
              mileage,
              [...intervals].map(([value, services]) => ({ value, services })),
            );
          }
          message = {
            language: body.language,
            notification: body.notification,
            store: { name: store.name, phoneNo: store.phoneNo },
            workerName: fullName(worker) || store.name,
            customerName: customer.firstName?.trim() || customer.business?.trim() || null,
            vehicle: [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' '),
            subjectLine: body.subjectLine,
            messageText: body.messageText,
            url: reportUrl(inspectionOrderId, linkId),
            maintenance,
          };
        }
        const change =
          toSend.length && body.notification === 'report'
            ? { estimateDelivery: 'IN_PROGRESS' as const }
            : null;
        return {
          value: {
            linkId,
            results,
            toSend,
            message,
            replayed: toSend.length === 0 && results.every((r) => r.status !== 'error'),
          },
          change,
        };
      });

      // (2) Send, outside any transaction.
      const outcomes = new Map<
        string,
        { status: ReportDeliveryStatus; error: string | null; sentMessageId: string | null }
      >();
      for (const row of plan.toSend) {
        const message = plan.message!;
        try {
          const sent =
            row.channel === 'email'
              ? await deps.mail.send({ to: row.to, storeId, ...reportEmail(message) })
              : await deps.sms.send({ to: row.to, storeId, text: reportSms(message) });
          outcomes.set(row.id, {
            status: sent.status === 'queued' ? 'pending' : 'fulfilled',
            error: null,
            sentMessageId: sent.id,
          });
        } catch (error) {
          if (error instanceof MessageDeliveryError) {
            outcomes.set(row.id, {
              status: 'error',
              error: 'SERVICE_UNAVAILABLE',
              sentMessageId: error.sentMessageId,
            });
          } else if (error instanceof AppError && error.status < 500) {
            outcomes.set(row.id, { status: 'error', error: error.code, sentMessageId: null });
          } else {
            deps.logger.error({ err: error, deliveryId: row.id }, 'report delivery failed');
            outcomes.set(row.id, { status: 'error', error: 'SERVICE_UNAVAILABLE', sentMessageId: null });
          }
        }
      }

      // (3) Record the outcome and what the order becomes.
      const results = await deps.orders.reportWork(storeId, inspectionOrderId, actor, async (tx) => {
        const repo = createReportSendingRepository(tx);
        const rows: ReportDeliveryRow[] = [];
        for (const row of plan.results) {
          const outcome = outcomes.get(row.id);
          rows.push(outcome ? await repo.record(row.id, outcome) : row);
        }
        if (!plan.toSend.length) return { value: rows, change: null };
        const reached = plan.toSend.some((r) => outcomes.get(r.id)?.status !== 'error');
        if (body.notification === 'repairComplete') {
          return {
            value: rows,
            change: reached
              ? { isCustomerNotifiedAboutRepair: true, activity: 'repairCompleteNotified' as const }
              : null,
          };
        }
        if (reached)
          return {
            value: rows,
            change: {
              estimateDelivery: 'DELIVERED' as const,
              reportState: 'done' as const,
              activity: 'reportSent' as const,
            },
          };
        return {
          value: rows,
          change: {
            estimateDelivery: (await repo.everDelivered(storeId, inspectionOrderId))
              ? ('DELIVERED' as const)
              : ('NOT_SENT' as const),
          },
        };
      });

      const state = sendState(results.map((r) => r.status as ReportDeliveryStatus));
      if (state === 'error' && !results.some((r) => r.status !== 'error')) {
        const failed = results.filter((r) => r.error === 'SERVICE_UNAVAILABLE');
        if (failed.some((r) => r.channel === 'sms'))
          throw new AppError(502, 'SMS_NOT_SENT', 'The text message could not be sent');
        if (failed.length) throw new AppError(502, 'SERVICE_UNAVAILABLE', 'The e-mail could not be sent');
        if (results.some((r) => r.error === 'SMS_NOT_PERMITTED')) {
          throw new AppError(
            409,
            'SMS_NOT_PERMITTED',
            'The customer has not given permission to receive text messages',
          );
        }
        throw errors.invalid(
          `${results[0]?.channel === 'sms' ? 'customerPhone' : 'customerEmail'}: the provider refused this address`,
        );
      }
      return {
        status: state === 'notSent' ? 'error' : state,
        replayed: plan.replayed,
        reportLinkId: plan.linkId,
        deliveries: results.map(present),
      };
    },

    /** The order's report links (who made each, revoked, last opened) and its deliveries. */
    async links(storeId: string, inspectionOrderId: string) {
      const repo = createReportSendingRepository(deps.db);
      const [links, deliveries] = await Promise.all([
        repo.links(storeId, inspectionOrderId),
        repo.listDeliveries(storeId, inspectionOrderId),
      ]);
      return {
        _embedded: {
          reportLink: links.map(({ link, creator }) => ({
            _id: link.id,
            createdAt: link.createdAt.toISOString(),
            createdBy: creator?.id
              ? { _id: creator.id, firstName: creator.firstName, lastName: creator.lastName }
              : null,
            revokedAt: link.revokedAt?.toISOString() ?? null,
            lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
          })),
          delivery: deliveries.map(present),
        },
      };
    },
  };
}
export type ReportSendingService = ReturnType<typeof createReportSendingService>;
