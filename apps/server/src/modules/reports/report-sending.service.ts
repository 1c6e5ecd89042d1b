import type { SendReportRequest, SendReportResponse } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../repair-orders/index.js';
import { createReportSendingRepository } from './report-sending.repository.js';
import { presentDelivery, sendReport, type SendReportDeps } from './commands/send-report/index.js';

export type { ReportCustomersPort } from './commands/send-report/index.js';

export interface ReportSendingDeps extends SendReportDeps {
  db: Db;
}

/**
 * The report-sending feature (docs/reports.md "Sending the report"): the send token, sending
 * itself (the send-report command, commands/send-report/) and the order's links and deliveries.
 */
export function createReportSendingService(deps: ReportSendingDeps) {
  return {
    issueToken(inspectionOrderId: string, actor: Actor) {
      const { token, expiresAt } = deps.sendTokens.issue(inspectionOrderId, actor.id);
      return { token, expiresAt: expiresAt.toISOString() };
    },

    send(storeId: string, inspectionOrderId: string, body: SendReportRequest, actor: Actor): Promise<SendReportResponse> {
      return sendReport(deps, storeId, inspectionOrderId, body, actor);
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
          delivery: deliveries.map(presentDelivery),
        },
      };
    },
  };
}
export type ReportSendingService = ReturnType<typeof createReportSendingService>;
