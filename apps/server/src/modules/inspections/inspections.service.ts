import {
  businessMatchKey,
  finishBlockers,
  finishReasonOf,
  errors,
  selectInspectionType,
  type RepairOrder,
  type ResultSeverity,
  type CustomerDecision,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { FileStore } from '../../platform/files/index.js';
import type { Actor, FinishCheck, InspectionTypesPort, OrderRow } from '../repair-orders/index.js';
import { createInspectionsRepository } from './inspections.repository.js';
import { automaticSelectionUseCases } from './use-cases/automatic-selection.js';
import { createInspectionsContext, decisionOf, defaultType, typeOfOrder } from './use-cases/context.js';
import { deleteMediaUseCases } from './use-cases/delete-media.js';
import { inspectionTypesUseCases } from './use-cases/inspection-types.js';
import { picturesUseCases } from './use-cases/pictures.js';
import { readResultsUseCases } from './use-cases/read-results.js';
import { videosUseCases } from './use-cases/videos.js';
import { writeResultsUseCases } from './use-cases/write-results.js';

/** What the inspections feature needs of the orders feature: its service, never its repository. */
export interface RepairOrdersPort {
  /** The order of the store (404 otherwise). */
  get(storeId: string, id: string): Promise<RepairOrder>;
  /** Runs a change with the order locked and applies its effects on the order (repair-orders.service.ts). */
  inspectionWork<T>(
    storeId: string,
    id: string,
    actor: Actor,
    work: (tx: Db, order: OrderRow) => Promise<T>,
  ): Promise<T>;
}

export interface InspectionsDeps {
  db: Db;
  orders: RepairOrdersPort;
  files: FileStore;
  maxImageBytes: number;
  /** Life of the signed URLs in answers; the file store's default when absent. */
  urlTtlSeconds?: number;
}

/**
 * The rules the orders feature plugs in (repair-orders.routes.ts): the type of a new order
 * and the finish check. They need only the database.
 */
export function inspectionRules() {
  const typesPort = (db: Db): InspectionTypesPort => {
    const repo = createInspectionsRepository(db);
    return {
      async select(storeId, business, settings) {
        const selections =
          settings.automaticInspectionSelectionEnabled && business
            ? await repo.selections(storeId, businessMatchKey(business))
            : [];
        const fallback = await defaultType(repo, storeId, settings);
        const picked = selectInspectionType({
          enabled: settings.automaticInspectionSelectionEnabled,
          business,
          selections: selections.map((s) => ({ match: s.match, inspectionTypeId: s.inspectionTypeId })),
          defaultTypeId: fallback?.id ?? null,
        });
        return picked;
      },
      async ensureUsable(storeId, id) {
        const row = await repo.type(storeId, id);
        if (!row || row.state !== 'active')
          throw errors.invalid('inspectionType: not an inspection type of this store');
      },
    };
  };

  /** Finishing: the reason from the order's results and the items that block it (can-be-finished and finish). */
  const finishCheck: FinishCheck = async (order, db) => {
    const repo = createInspectionsRepository(db);
    const { definition } = await typeOfOrder(repo, order.storeId, order);
    const results = await repo.results(order.storeId, order._id);
    const blockers = finishBlockers(
      definition,
      results.map((r) => ({ itemKey: r.itemKey, result: r.result as ResultSeverity | null, value: r.value })),
    );
    const reason = finishReasonOf(blockers);
    return reason ? { reason, blockers } : null;
  };
  return { typesPort, finishCheck };
}

/** A result as the customer decides on it (docs/reports.md). */
export interface DecisionRow {
  id: string;
  result: ResultSeverity | null;
  decision: CustomerDecision | null;
  deferredIgnoredByCustomer: boolean;
}

/**
 * The customer's decisions on an order's results, in the caller's transaction (the reports
 * feature runs them with the order locked): decided once, clientApprovedForWork mirrors an
 * approval, a declined item is deferred work the customer may dismiss.
 */
export function customerDecisionsIn(tx: Db) {
  const repo = createInspectionsRepository(tx);
  return {
    /** The order's results, locked. */
    async lock(storeId: string, orderId: string): Promise<DecisionRow[]> {
      return (await repo.lockResults(storeId, orderId)).map((r) => ({
        id: r.id,
        result: r.result as ResultSeverity | null,
        decision: decisionOf(r.customerDecision),
        deferredIgnoredByCustomer: r.deferredIgnoredByCustomer,
      }));
    },
    async decide(storeId: string, decisions: ReadonlyArray<{ resultId: string; decision: CustomerDecision }>, at: Date) {
      for (const d of decisions) {
        await repo.updateResult(storeId, d.resultId, {
          customerDecision: d.decision,
          customerDecidedAt: at,
          clientApprovedForWork: d.decision === 'approved',
        });
      }
    },
    async dismissDeferred(storeId: string, resultId: string) {
      await repo.updateResult(storeId, resultId, { deferredIgnoredByCustomer: true });
    },
  };
}
export type CustomerDecisions = ReturnType<typeof customerDecisionsIn>;

/**
 * The inspections service, assembled from its use cases (one file each under use-cases/, sharing
 * use-cases/context.ts): what the routes and other features call.
 */
export function createInspectionsService(deps: InspectionsDeps) {
  const ctx = createInspectionsContext(deps);
  return {
    ...inspectionTypesUseCases(ctx),
    ...automaticSelectionUseCases(ctx),
    ...readResultsUseCases(ctx),
    ...writeResultsUseCases(ctx),
    ...picturesUseCases(ctx),
    ...videosUseCases(ctx),
    ...deleteMediaUseCases(ctx),
  };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;
