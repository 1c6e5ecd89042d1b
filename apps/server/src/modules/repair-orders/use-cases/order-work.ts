import { resultChangeEffects, topics, type OrderStep, type StepState } from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import { createRepairOrdersRepository, type OrderChange, type OrderRow } from '../repair-orders.repository.js';
import { statesOf } from '../repair-orders.presenter.js';
import {
  activity,
  closeGuard,
  ensureOwn,
  fail,
  locked,
  settingsOf,
  stateColumns,
  STEP_FIELDS,
  type Actor,
  type OrderContext,
  type ReportSendingChange,
} from './context.js';

/**
 * Other features' changes of an order, each in one transaction with the order locked: the
 * inspection's results and media, the estimate, the customer's decisions and the report's sending.
 */
export function orderWorkUseCases(ctx: OrderContext) {
  const { deps, now } = ctx;

  /**
   * Runs another feature's change of an order (the estimate, docs/estimates.md) in one
   * transaction with the order locked: refused on a closed order (ORDER_CLOSED) unless
   * `allowClosed`; `work` returns the order fields it changes, written with an updated event
   * when it changed any (or always, with `alwaysPublish`); `read` then answers from the same
   * transaction. customerWork and reportWork are made of it.
   */
  async function orderWork<T>(
    storeId: string,
    id: string,
    work: (tx: Db, order: OrderRow) => Promise<OrderChange>,
    read: (tx: Db) => Promise<T>,
    options: { allowClosed?: boolean; alwaysPublish?: boolean } = {},
  ): Promise<T> {
    return deps.outbox.transaction(async (tx) => {
      const repo = createRepairOrdersRepository(tx);
      const row = await locked(repo, storeId, id);
      if (!options.allowClosed) fail(closeGuard(row));
      const change = await work(tx, row);
      const changed = Object.entries(change).filter(([k, v]) => (row as Record<string, unknown>)[k] !== v);
      if (changed.length) await repo.update(storeId, id, Object.fromEntries(changed) as OrderChange);
      if (changed.length || options.alwaysPublish) {
        await recordEvent(tx, topics.store(storeId).inspectionOrdersUpdated, await ctx.present(repo, storeId, id));
      }
      return read(tx);
    });
  }

  return {
    /**
     * Runs a change of the order's inspection (a result, a picture, a video; docs/inspections.md)
     * in one transaction with the order locked. Refused on a closed order (ORDER_CLOSED) and by
     * techCanWorkOnlyOwnInspection; then the effects of a result change (`resultChangeEffects`):
     * a finished inspection is reopened, the technician's time tracker starts when the store
     * enables it and it is not running, work starts. An updated event is written when the order
     * changed.
     */
    async inspectionWork<T>(storeId: string, id: string, actor: Actor, work: (tx: Db, order: OrderRow) => Promise<T>): Promise<T> {
      return deps.outbox.transaction(async (tx) => {
        const repo = createRepairOrdersRepository(tx);
        const row = await locked(repo, storeId, id);
        fail(closeGuard(row));
        const { settings } = await settingsOf(repo, storeId);
        ensureOwn(actor, settings, row);
        const value = await work(tx, row);
        const effects = resultChangeEffects({
          role: actor.role,
          timeTrackerEnabled: settings.inspectionTimeTrackerEnable,
          timeTrackerRunning: row.timeTrackerStartedAt !== null,
          states: statesOf(row),
        });
        const at = now();
        const change: OrderChange = {};
        let activities = row.activities;
        if (effects.reopen) {
          change.finished = false;
          activities = activity({ activities }, 'reopened', actor, at);
        }
        if (effects.startTimeTracker) {
          await repo.startTimeEntry(storeId, id, actor.id, at);
          change.timeTrackerStartedAt = at;
          activities = activity({ activities }, 'timeTrackerStarted', actor, at);
        }
        const before = statesOf(row);
        const states = stateColumns(effects.states);
        for (const step of Object.keys(STEP_FIELDS) as OrderStep[]) {
          if (before[step] !== effects.states[step]) Object.assign(change, { [STEP_FIELDS[step]]: states[STEP_FIELDS[step] as keyof typeof states] });
        }
        if (Object.keys(change).length) {
          change.activities = activities;
          await repo.update(storeId, id, change);
          const order = await ctx.present(repo, storeId, id);
          await recordEvent(tx, topics.store(storeId).inspectionOrdersUpdated, order);
        }
        return value;
      });
    },

    orderWork,

    /**
     * A customer's decision on the report (docs/reports.md): `work` runs with the order (locked) in
     * one transaction; a closed order refuses it (409 ORDER_CLOSED) before anything is written,
     * unless `allowClosed` (dismissing deferred work stays possible after the visit).
     * The approval step takes the state `work` answers (unchanged when null), and an updated event
     * goes to the store's dashboards.
     */
    async customerWork<T>(
      storeId: string,
      id: string,
      work: (tx: Db, order: OrderRow) => Promise<{ value: T; approval: StepState | null }>,
      options: { allowClosed?: boolean } = {},
    ): Promise<T> {
      let value: T;
      return orderWork(
        storeId,
        id,
        async (tx, row) => {
          const done = await work(tx, row);
          value = done.value;
          return done.approval ? { stateApproval: done.approval } : {};
        },
        async () => value,
        { ...options, alwaysPublish: true },
      );
    },

    /**
     * A step of sending the report (docs/reports.md), in one transaction with the order locked:
     * `work` writes the sending feature's rows and answers what the order becomes (estimate
     * delivery, the report step, isCustomerNotifiedAboutRepair, an activity). An updated event is
     * written when the order changed. Closed orders are not refused: a repair-complete notice
     * often goes out as the ticket is closed.
     */
    async reportWork<T>(
      storeId: string,
      id: string,
      actor: Actor,
      work: (tx: Db, order: OrderRow) => Promise<{ value: T; change: ReportSendingChange | null }>,
    ): Promise<T> {
      let value: T;
      return orderWork(
        storeId,
        id,
        async (tx, row) => {
          const done = await work(tx, row);
          value = done.value;
          const change = done.change ?? {};
          const update: OrderChange = {};
          if (change.estimateDelivery) update.estimateDelivery = change.estimateDelivery;
          if (change.reportState) update.stateReport = change.reportState;
          if (change.isCustomerNotifiedAboutRepair !== undefined) update.isCustomerNotifiedAboutRepair = change.isCustomerNotifiedAboutRepair;
          if (change.activity) update.activities = activity(row, change.activity, actor, now());
          return update;
        },
        async () => value,
        { allowClosed: true },
      );
    },
  };
}
