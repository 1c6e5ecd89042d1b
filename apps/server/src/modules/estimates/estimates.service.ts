import {
  AppError,
  errors,
  estimateUpdatedEvent,
  isNoLongerRecommended,
  MAX_ESTIMATE_LINES,
  planDraw,
  topics,
  type ZCreateEstimateLineRequest,
  type ZUpdateEstimateLineRequest,
  type DrawableResult,
  type Estimate,
  type EstimateDelivery,
  type InspectionItem,
  type Language,
  type UpdateEstimateRequest,
} from '@servicebay/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { recordEvent } from '../../platform/outbox/outbox.repository.js';
import type { OrderChange, OrderRow } from '../repair-orders/index.js';
import { createEstimatesRepository, type EstimateRow, type EstimatesRepository } from './estimates.repository.js';
import { asSeverity, presentEstimate } from './estimates.presenter.js';

/** What the estimates feature needs of the orders feature: its service, never its repository. */
export interface EstimateOrdersPort {
  /** A change with the order locked (ORDER_CLOSED on a closed one unless allowClosed), its event written when it changed. */
  orderWork<T>(
    storeId: string,
    id: string,
    work: (tx: Db, order: OrderRow) => Promise<OrderChange>,
    read: (tx: Db) => Promise<T>,
    options?: { allowClosed?: boolean },
  ): Promise<T>;
}

/** What it needs of the inspections feature: the order's results with their items, in page order. */
export interface EstimateInspectionsPort {
  resultsWithItems(storeId: string, orderId: string, db?: Db): Promise<Array<{ result: DrawableResult; item: InspectionItem | null }>>;
}

export interface EstimatesDeps {
  estimates: EstimatesRepository;
  /** Absent in read-only uses (the report page reads through `get` only). */
  db?: Db;
  outbox?: Pick<Outbox, 'transaction'>;
  orders?: EstimateOrdersPort;
  inspections?: EstimateInspectionsPort;
}

type LineCreate = z.output<typeof ZCreateEstimateLineRequest>;
type LineUpdate = z.output<typeof ZUpdateEstimateLineRequest>;

/** What an edit did: `priced` bumps the version (with `estimate`'s fields); `state` is where the estimate step goes. */
interface EditOutcome {
  priced: boolean;
  estimate?: Partial<Pick<EstimateRow, 'labourRate' | 'currency' | 'taxes'>>;
  state?: 'inProgress' | 'done';
  order?: OrderChange;
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`The estimates service needs ${what} to write`);
  return value;
};

async function read(repo: EstimatesRepository, storeId: string, orderId: string): Promise<Estimate | null> {
  const row = await repo.findByOrder(storeId, orderId);
  if (!row) return null;
  return presentEstimate(row, await repo.lines(storeId, row.estimate.id));
}

async function readOrFail(repo: EstimatesRepository, storeId: string, orderId: string): Promise<Estimate> {
  const estimate = await read(repo, storeId, orderId);
  if (!estimate) throw errors.notFound();
  return estimate;
}

/**
 * The estimate after a change, read in the change's transaction, and `estimates/updated` written
 * with it (docs/realtime.md), so every open estimate page of the store reads it again.
 */
async function readAndTell(tx: Db, storeId: string, orderId: string): Promise<Estimate | null> {
  const estimate = await read(createEstimatesRepository(tx), storeId, orderId);
  if (estimate) await recordEvent(tx, topics.store(storeId).estimatesUpdated, estimateUpdatedEvent(estimate));
  return estimate;
}

async function lineOf(repo: EstimatesRepository, storeId: string, estimateId: string, lineId: string) {
  const line = await repo.line(storeId, estimateId, lineId);
  if (!line) throw errors.notFound();
  return line;
}

/**
 * The order's estimate row, made first when there is none: the store's currency, labour rate
 * and taxes copied, a line drawn for each warning or critical result.
 */
async function ensure(deps: EstimatesDeps, tx: Db, storeId: string, orderId: string, language: Language): Promise<EstimateRow> {
  const repo = createEstimatesRepository(tx);
  const existing = await repo.findByOrder(storeId, orderId);
  if (existing) return existing.estimate;
  if (!(await repo.order(storeId, orderId))) throw errors.notFound();
  const settings = await repo.storeSettings(storeId);
  const made = await repo.insert({
    storeId,
    inspectionOrderId: orderId,
    currency: settings.currency,
    labourRate: settings.labourRate,
    taxes: settings.taxes,
  });
  if (!made) {
    // Another first read made it meanwhile; its lines are committed with it.
    const row = await repo.findByOrder(storeId, orderId);
    if (!row) throw errors.notFound();
    return row.estimate;
  }
  const results = await need(deps.inspections, 'inspections').resultsWithItems(storeId, orderId, tx);
  const plan = planDraw(results, [], language);
  await repo.insertLines(plan.add.slice(0, MAX_ESTIMATE_LINES).map((l) => ({ storeId, estimateId: made.id, ...l, labourHours: 0, parts: [], fees: [] })));
  return made;
}

/**
 * One change of an estimate, in one transaction with the order locked (refused on a closed
 * order): the estimate made first if needed, the change, a new version when prices may have
 * changed, the order's estimate step and status moved, an updated event when the order changed.
 */
function edit(
  deps: EstimatesDeps,
  storeId: string,
  orderId: string,
  language: Language,
  apply: (ctx: { tx: Db; repo: EstimatesRepository; estimate: EstimateRow; order: OrderRow }) => Promise<EditOutcome>,
) {
  return need(deps.orders, 'orders').orderWork(
    storeId,
    orderId,
    async (tx, order) => {
      const repo = createEstimatesRepository(tx);
      const estimate = await ensure(deps, tx, storeId, orderId, language);
      const outcome = await apply({ tx, repo, estimate, order });
      if (outcome.priced) await repo.bump(storeId, estimate.id, outcome.estimate);
      const change: OrderChange = { ...outcome.order };
      const state = outcome.state ?? (outcome.priced ? 'inProgress' : undefined);
      if (state) change.stateEstimate = state;
      if (state && order.estimateStatus === null && change.estimateStatus === undefined) change.estimateStatus = 'IN_PROGRESS';
      return change;
    },
    async (tx) => {
      const estimate = await readAndTell(tx, storeId, orderId);
      if (!estimate) throw errors.notFound();
      return estimate;
    },
  );
}

/** The estimate as a whole: read, made on first read, drawn, priced, its step and delivery moved. */
function estimateOperations(deps: EstimatesDeps) {
  const { estimates } = deps;
  return {
    /** The order's estimate, priced; null when none was made yet. The caller checked the order's store. */
    async get(storeId: string, inspectionOrderId: string): Promise<Estimate | null> {
      return read(estimates, storeId, inspectionOrderId);
    },

    /**
     * GET .../estimate: the estimate, made on first read (of an open or a closed order) with
     * lines drawn in `language`. Making it changes nothing of the order.
     */
    async open(storeId: string, inspectionOrderId: string, language: Language): Promise<Estimate> {
      const found = await read(estimates, storeId, inspectionOrderId);
      if (found) return found;
      return need(deps.outbox, 'outbox').transaction(async (tx) => {
        await ensure(deps, tx, storeId, inspectionOrderId, language);
        return readOrFail(createEstimatesRepository(tx), storeId, inspectionOrderId);
      });
    },

    /** PUT .../estimate: labour rate (a new version), status, delivery. */
    async update(storeId: string, orderId: string, body: UpdateEstimateRequest, language: Language = 'en') {
      return edit(deps, storeId, orderId, language, async ({ estimate }) => {
        const order: OrderChange = {};
        if (body.status !== undefined) order.estimateStatus = body.status;
        if (body.delivery !== undefined) order.estimateDelivery = body.delivery;
        const repriced = body.labourRate !== undefined && body.labourRate !== estimate.labourRate;
        return { priced: repriced, estimate: { labourRate: body.labourRate }, order };
      });
    },

    /** POST .../estimate/draw: lines added for new recommendations, lines of results now okay or na removed. */
    async draw(storeId: string, orderId: string, language: Language) {
      return edit(deps, storeId, orderId, language, async ({ tx, repo, estimate }) => {
        const results = await need(deps.inspections, 'inspections').resultsWithItems(storeId, orderId, tx);
        const lines = (await repo.lines(storeId, estimate.id)).map(({ line }) => ({ id: line.id, resultId: line.resultId, rank: line.rank }));
        const plan = planDraw(results, lines, language);
        const room = MAX_ESTIMATE_LINES - (lines.length - plan.remove.length);
        if (plan.add.length > room) throw errors.invalid(`lines: an estimate holds at most ${MAX_ESTIMATE_LINES} lines`);
        await repo.deleteLines(storeId, estimate.id, plan.remove);
        await repo.insertLines(plan.add.map((l) => ({ storeId, estimateId: estimate.id, ...l, labourHours: 0, parts: [], fees: [] })));
        return { priced: plan.add.length > 0 || plan.remove.length > 0, state: 'inProgress' };
      });
    },

    /** POST .../estimate/taxes: the store's currency and taxes copied again; a new version. */
    async refreshTaxes(storeId: string, orderId: string) {
      return edit(deps, storeId, orderId, 'en', async ({ repo }) => {
        const settings = await repo.storeSettings(storeId);
        return { priced: true, estimate: { currency: settings.currency, taxes: settings.taxes } };
      });
    },

    /**
     * POST .../estimate/ready: the estimate step is done. Refused when the estimate is no longer
     * at the version the advisor saw (when given), and while a line's result is no longer
     * recommended (the customer would be offered work the inspection does not call for).
     */
    async markReady(storeId: string, orderId: string, seenVersion?: number) {
      return edit(deps, storeId, orderId, 'en', async ({ repo, estimate }) => {
        if (seenVersion !== undefined && seenVersion !== estimate.version) {
          throw new AppError(409, 'ESTIMATE_CHANGED', `version: the estimate is at version ${estimate.version}, not ${seenVersion}`);
        }
        const lines = await repo.lines(storeId, estimate.id);
        const stale = lines
          .map(({ line, severity }, index) => ({ id: line.id, n: index + 1, stale: isNoLongerRecommended({ resultId: line.resultId, severity: asSeverity(severity) }) }))
          .filter((l) => l.stale);
        if (stale.length) {
          throw new AppError(
            409,
            'CONFLICT',
            `lines: line ${stale.map((l) => l.n).join(', ')} no longer recommended by the inspection; draw the estimate again or remove them`,
            { lines: stale.map((l) => l.id) },
          );
        }
        return { priced: false, state: 'done' };
      });
    },

    /**
     * The report's delivery (the order's estimateDelivery), set by sending the report
     * (docs/estimates.md): NOT_SENT, IN_PROGRESS while a message is out, DELIVERED once sent.
     * Allowed on a closed order (a repair-complete notice goes after closing); the estimate is
     * not made by it. Answers the order's estimate, or null when it has none.
     */
    async markDelivery(storeId: string, orderId: string, delivery: EstimateDelivery): Promise<Estimate | null> {
      return need(deps.orders, 'orders').orderWork(
        storeId,
        orderId,
        async () => ({ estimateDelivery: delivery }),
        (tx) => readAndTell(tx, storeId, orderId),
        { allowClosed: true },
      );
    },

    /** Registrar resolver: the store of a lineId. */
    lineStore: (lineId: string) => estimates.lineStore(lineId),
  };
}

/** The estimate's own lines: added, changed, removed (each a new version). */
function lineOperations(deps: EstimatesDeps) {
  return {
    async createLine(storeId: string, orderId: string, body: LineCreate) {
      return edit(deps, storeId, orderId, 'en', async ({ repo, estimate }) => {
        const count = await repo.countLines(storeId, estimate.id);
        if (count >= MAX_ESTIMATE_LINES) throw errors.invalid(`lines: an estimate holds at most ${MAX_ESTIMATE_LINES} lines`);
        const last = (await repo.lines(storeId, estimate.id)).reduce((max, { line }) => Math.max(max, line.rank), -1);
        await repo.insertLines([
          {
            storeId,
            estimateId: estimate.id,
            resultId: null,
            description: body.description,
            labourHours: body.labourHours,
            parts: body.parts,
            fees: body.fees,
            rank: body.rank ?? last + 1,
          },
        ]);
        return { priced: true };
      });
    },

    async updateLine(storeId: string, orderId: string, lineId: string, body: LineUpdate) {
      return edit(deps, storeId, orderId, 'en', async ({ repo, estimate }) => {
        await lineOf(repo, storeId, estimate.id, lineId);
        await repo.updateLine(storeId, lineId, body);
        return { priced: true };
      });
    },

    async deleteLine(storeId: string, orderId: string, lineId: string) {
      return edit(deps, storeId, orderId, 'en', async ({ repo, estimate }) => {
        await lineOf(repo, storeId, estimate.id, lineId);
        await repo.deleteLines(storeId, estimate.id, [lineId]);
        return { priced: true };
      });
    },
  };
}

/**
 * Estimates (docs/estimates.md). Other features read an order's estimate through `get` (the
 * customer's report) and set its delivery through `markDelivery` (sending the report), never
 * through the repository.
 */
export function createEstimatesService(deps: EstimatesDeps) {
  return { ...estimateOperations(deps), ...lineOperations(deps) };
}
export type EstimatesService = ReturnType<typeof createEstimatesService>;
