import { AppError, type ReportDeliveryStatus } from '@servicebay/domain';
import { MessageDeliveryError } from '../../../../platform/messages/delivery.js';
import { reportEmail, reportSms } from '../../report-message.js';
import type { SendReportDeps } from './deps.js';
import type { SendPlan } from './plan.js';

export interface DeliveryOutcome {
  status: ReportDeliveryStatus;
  error: string | null;
  sentMessageId: string | null;
}

/**
 * Step 2, outside any transaction: each e-mail and text sent. A provider's failure is an outcome
 * (SERVICE_UNAVAILABLE, or the refusal's code), never an exception.
 */
export async function deliver(
  deps: Pick<SendReportDeps, 'mail' | 'sms' | 'logger'>,
  storeId: string,
  plan: Pick<SendPlan, 'toSend' | 'message'>,
): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
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
  return outcomes;
}
