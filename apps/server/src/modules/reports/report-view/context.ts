import type { Logger } from 'pino';
import { errors, isLanguage, type Language } from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import type { Outbox } from '../../../platform/outbox/outbox.js';
import type { FileLinker, FileStore } from '../../../platform/files/index.js';
import type { MailProvider } from '../../../platform/mail/index.js';
import type { ReportCaller } from '../../../platform/http/registrar.js';
import type { RepairOrdersService } from '../../repair-orders/index.js';
import type { CustomerDecisions, InspectionsService } from '../../inspections/index.js';
import type { EstimatesService } from '../../estimates/index.js';
import type { ReportLinksService } from '../report-links.service.js';
import { createReportViewRepository, type ReportViewRepository } from '../report-view.repository.js';
import { announceReading } from './reading.js';

export interface ReportViewDeps {
  db: Db;
  outbox: Pick<Outbox, 'transaction'>;
  files: FileStore;
  mail: MailProvider;
  logger: Logger;
  orders: Pick<RepairOrdersService, 'get' | 'customerWork'>;
  inspections: Pick<InspectionsService, 'reportItems'>;
  /** The inspections feature's decisions, in the approval's transaction. */
  decisions: (tx: Db) => CustomerDecisions;
  estimates: Pick<EstimatesService, 'get'>;
  links: Pick<ReportLinksService, 'issue' | 'markOpened'>;
  now?: () => Date;
}

/** Where the request came from, kept with an approval. */
export interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

/** What every use case of the report page works with. */
export interface ReportViewContext {
  deps: ReportViewDeps;
  now: () => Date;
  repo: ReportViewRepository;
  link: FileLinker;
}

/** A customer, never staff: approvals, dismissals, shares and reading are theirs alone. */
export function customerOf(caller: ReportCaller | null): Exclude<ReportCaller, { via: 'staff' }> {
  if (!caller || caller.via === 'staff') throw errors.forbidden('Only the customer decides on the report');
  return caller;
}

/** Marks the report as being read; the dashboards hear of it when the status changes. */
export async function markReading(ctx: ReportViewContext, storeId: string, inspectionOrderId: string) {
  await ctx.deps.outbox.transaction(async (tx) => {
    const change = await createReportViewRepository(tx).markReading(storeId, inspectionOrderId);
    if (change && change.previous !== 'reading') {
      await announceReading(tx, {
        id: inspectionOrderId,
        storeId,
        status: 'reading',
        lastViewed: change.lastViewed,
      });
    }
  });
}

/** The language asked, else the one the report was last sent in, else English. */
export async function languageOf(
  ctx: ReportViewContext,
  storeId: string,
  inspectionOrderId: string,
  asked: Language | undefined,
): Promise<Language> {
  if (asked) return asked;
  const sent = await ctx.repo.sentLanguage(storeId, inspectionOrderId);
  return isLanguage(sent) ? sent : 'en';
}

