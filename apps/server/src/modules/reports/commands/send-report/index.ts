import {
  AppError,
  errors,
  sendState,
  type ReportChannel,
  type ReportDelivery,
  type ReportDeliveryStatus,
  type SendReportRequest,
  type SendReportResponse,
} from '@servicebay/domain';
import type { Actor } from '../../../repair-orders/index.js';
import type { ReportDeliveryRow } from '../../report-sending.repository.js';
import type { SendReportDeps } from './deps.js';
import { planSending } from './plan.js';
import { deliver } from './deliver.js';
import { recordOutcomes } from './record.js';

export type { ReportCustomersPort, SendReportDeps } from './deps.js';

export const presentDelivery = (row: ReportDeliveryRow): ReportDelivery => ({
  _id: row.id,
  channel: row.channel as ReportChannel,
  to: row.to,
  status: row.status as ReportDeliveryStatus,
  error: row.error,
  notification: row.notification as ReportDelivery['notification'],
  workerId: row.workerId,
  createdAt: row.createdAt.toISOString(),
});

/** The request must name the path's store and order, and carry a send token of this worker for this order. */
function checkRequest(deps: Pick<SendReportDeps, 'sendTokens'>, storeId: string, inspectionOrderId: string, body: SendReportRequest, actor: Actor) {
  if (body.storeId !== storeId) throw errors.invalid('storeId: does not match the store of the path');
  if (body.inspectionOrderId !== inspectionOrderId)
    throw errors.invalid('inspectionOrderId: does not match the order of the path');
  const verified = deps.sendTokens.verify(body.token, inspectionOrderId, actor.id);
  if (!verified.ok) throw errors.invalid(verified.reason);
  return verified.key;
}

/** When every delivery failed, the answer is the failure's: the provider's (502), the refused text (409), or the address (400). */
function failureOf(results: ReportDeliveryRow[]): AppError {
  const failed = results.filter((r) => r.error === 'SERVICE_UNAVAILABLE');
  if (failed.some((r) => r.channel === 'sms')) return new AppError(502, 'SMS_NOT_SENT', 'The text message could not be sent');
  if (failed.length) return new AppError(502, 'SERVICE_UNAVAILABLE', 'The e-mail could not be sent');
  if (results.some((r) => r.error === 'SMS_NOT_PERMITTED')) {
    return new AppError(409, 'SMS_NOT_PERMITTED', 'The customer has not given permission to receive text messages');
  }
  return errors.invalid(
    `${results[0]?.channel === 'sms' ? 'customerPhone' : 'customerEmail'}: the provider refused this address`,
  );
}

/**
 * Sending the report (docs/reports.md "Sending the report"), a command across the orders,
 * customers, stores, vehicle-data and reports features, in three steps so no provider call runs
 * inside a transaction: (1) plan with the order locked (plan.ts), (2) send each e-mail and text
 * (deliver.ts), (3) record the outcome and what the order becomes (record.ts).
 */
export async function sendReport(
  deps: SendReportDeps,
  storeId: string,
  inspectionOrderId: string,
  body: SendReportRequest,
  actor: Actor,
): Promise<SendReportResponse> {
  const sendKey = checkRequest(deps, storeId, inspectionOrderId, body, actor);
  const input = { storeId, inspectionOrderId, body, actor };
  const plan = await planSending(deps, { ...input, sendKey });
  const outcomes = await deliver(deps, storeId, plan);
  const results = await recordOutcomes(deps, input, plan, outcomes);

  const state = sendState(results.map((r) => r.status as ReportDeliveryStatus));
  if (state === 'error' && !results.some((r) => r.status !== 'error')) throw failureOf(results);
  return {
    status: state === 'notSent' ? 'error' : state,
    replayed: plan.replayed,
    reportLinkId: plan.linkId,
    deliveries: results.map(presentDelivery),
  };
}
