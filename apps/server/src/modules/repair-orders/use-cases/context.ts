import {
  AppError,
  checkAssignment,
  checkOwnOrder,
  errors,
  finishOrder,
  mayChangeInspectionType,
  readStoreSettings,
  topics,
  type OrderActivityType,
  type OrderStates,
  type OrderStep,
  type RepairOrder,
  type StoreSettings,
  type Transition,
} from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import {
  createRepairOrdersRepository,
  type NewOrder,
  type OrderChange,
  type OrderRow,
  type RepairOrdersRepository,
} from '../repair-orders.repository.js';
import { presentOrder, statesOf } from '../repair-orders.presenter.js';
import type { Actor, FinishRefusal, RepairOrdersDeps } from '../repair-orders.service.js';

export type { Actor, FinishCheck, FinishRefusal, RepairOrdersDeps, ReportSendingChange } from '../repair-orders.service.js';

/** A refused transition becomes its error; an allowed one gives its value. */
export const fail = <T>(t: Transition<T>): T => {
  if (!t.ok) throw new AppError(t.status, t.code, t.message);
  return t.value;
};

const fullName = (u: { firstName: string; lastName: string } | null) => (u ? `${u.firstName} ${u.lastName}`.trim() : null);

export const STEP_FIELDS: Record<OrderStep, keyof OrderRow & `state${string}`> = {
  inspection: 'stateInspection',
  estimate: 'stateEstimate',
  approval: 'stateApproval',
  report: 'stateReport',
  parts: 'stateParts',
  work: 'stateWork',
};

export function stateColumns(states: OrderStates): Pick<NewOrder, `state${Capitalize<OrderStep>}`> {
  return {
    stateInspection: states.inspection,
    stateEstimate: states.estimate,
    stateApproval: states.approval,
    stateReport: states.report,
    stateParts: states.parts,
    stateWork: states.work,
  };
}

/** An ISO instant of a request as a Date; null stays null, absent stays absent. */
export const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** The activities with one more entry. */
export const activity = (row: Pick<OrderRow, 'activities'>, type: OrderActivityType, actor: Actor | null, at: Date) => [
  ...row.activities,
  { type, date: at.toISOString(), userId: actor?.id ?? null },
];

/** What the state machine reads of an order. */
export const view = (row: OrderRow) => ({
  states: statesOf(row),
  closed: row.closed,
  finished: row.finished,
  vehicleInShop: row.vehicleInShop,
  scheduled: row.scheduled ? row.scheduled.toISOString() : null,
  activities: row.activities,
});

/** A closed order is read-only. */
export const closeGuard = (row: OrderRow): Transition<true> =>
  row.closed ? { ok: false, status: 409, code: 'ORDER_CLOSED', message: 'The order is closed' } : { ok: true, value: true };

/** With automatic selection on, only owners and admins pick the type. */
export function ensureMayChangeType(actor: Actor, settings: StoreSettings) {
  if (!mayChangeInspectionType(actor.role, settings.automaticInspectionSelectionEnabled)) {
    throw new AppError(403, 'FORBIDDEN', 'Only an owner or an admin may change the inspection type while automatic selection is on');
  }
}

/** techCanWorkOnlyOwnInspection: a technician changes only its own orders. */
export function ensureOwn(actor: Actor, settings: StoreSettings, row: OrderRow, selfAssigning = false) {
  fail(
    checkOwnOrder({
      role: actor.role,
      userId: actor.id,
      techCanWorkOnlyOwnInspection: settings.techCanWorkOnlyOwnInspection,
      technicianId: row.technicianId,
      selfAssigning,
    }),
  );
}

export async function ensureAssignment(repo: RepairOrdersRepository, actor: Actor, current: string | null, next: string | null) {
  const holder = current && current !== actor.id ? await repo.user(current) : null;
  fail(checkAssignment({ role: actor.role, userId: actor.id, currentTechnicianId: current, nextTechnicianId: next, holderName: fullName(holder) }));
}

export async function settingsOf(repo: RepairOrdersRepository, storeId: string): Promise<{ store: { id: string; accountId: string }; settings: StoreSettings }> {
  const store = await repo.store(storeId);
  if (!store) throw errors.notFound();
  return { store, settings: readStoreSettings(store.settings) };
}

export async function ensureWorker(repo: RepairOrdersRepository, store: { id: string; accountId: string }, field: string, id: string | null | undefined) {
  if (!id) return null;
  const worker = await repo.worker(store, id);
  if (!worker) throw errors.invalid(`${field}: not a worker of this store`);
  return worker;
}

/** A running time tracker stopped: its entry ends and its seconds are added; nothing when it is not running. */
export async function stopTimeTracker(repo: RepairOrdersRepository, row: OrderRow, at: Date): Promise<OrderChange> {
  if (!row.timeTrackerStartedAt) return {};
  const seconds = await repo.endTimeEntry(row.storeId, row.id, at);
  return { timeTrackerStartedAt: null, timeTrackerSeconds: row.timeTrackerSeconds + seconds };
}

export async function locked(repo: RepairOrdersRepository, storeId: string, id: string) {
  const row = await repo.lock(storeId, id);
  if (!row) throw errors.notFound();
  return row;
}

/** What every use case shares: the deps, the clock, and the steps built on them. */
export type OrderContext = ReturnType<typeof createOrderContext>;

export function createOrderContext(deps: RepairOrdersDeps) {
  const now = deps.now ?? (() => new Date());
  const finishChecks = deps.finishChecks ?? [];
  const readRepo = createRepairOrdersRepository(deps.db);

  async function present(repo: RepairOrdersRepository, storeId: string, id: string): Promise<RepairOrder> {
    const detailed = await repo.detailed(storeId, id);
    if (!detailed) throw errors.notFound();
    return presentOrder(detailed, deps.link, now());
  }

  /** The customer of the store and a vehicle of its household (404 for another store's ids). */
  async function ensureCustomerAndVehicle(tx: Db, storeId: string, customerId: string, vehicleId: string) {
    const customers = deps.customers(tx);
    const customer = await customers.customer(storeId, customerId);
    const vehicle = await customers.vehicle(storeId, vehicleId);
    if (!vehicle.householdId || vehicle.householdId !== customer.householdId) {
      throw errors.invalid("vehicleId: not a vehicle of the customer's household");
    }
    return { customer, vehicle };
  }

  /** Writes a change with its event, in one transaction; `work` returns the topic kind. */
  function write(storeId: string, work: (tx: Db, repo: RepairOrdersRepository) => Promise<{ id: string; event: 'created' | 'updated' | null }>) {
    return deps.outbox.transaction(async (tx) => {
      const repo = createRepairOrdersRepository(tx);
      const { id, event } = await work(tx, repo);
      const order = await present(repo, storeId, id);
      if (event) {
        const t = topics.store(storeId);
        await recordEvent(tx, event === 'created' ? t.inspectionOrdersCreated : t.inspectionOrdersUpdated, order);
      }
      return order;
    });
  }

  /** The first finish check that refuses, with its blocking items; null when the order can be finished. */
  async function finishRefusal(repo: RepairOrdersRepository, db: Db, storeId: string, id: string): Promise<FinishRefusal | null> {
    const order = await present(repo, storeId, id);
    for (const check of finishChecks) {
      const refusal = await check(order, db);
      if (refusal) return refusal;
    }
    return null;
  }

  /**
   * Finishing a locked order: the finish checks (a refusal is ORDER_CANNOT_BE_FINISHED with the
   * reason as message and the blocking items as details), then the change that finishes it,
   * which stops a running time tracker (the inspection's time ends with it).
   */
  async function finishChange(repo: RepairOrdersRepository, tx: Db, row: OrderRow, actor: Actor, at: Date): Promise<OrderChange> {
    const refusal = await finishRefusal(repo, tx, row.storeId, row.id);
    const result = finishOrder(view(row), refusal?.reason ?? null);
    if (!result.ok && result.code === 'ORDER_CANNOT_BE_FINISHED' && refusal?.blockers) {
      throw new AppError(result.status, result.code, result.message, refusal.blockers);
    }
    const { states } = fail(result);
    return {
      ...stateColumns(states),
      finished: true,
      activities: activity(row, 'inspectionFinished', actor, at),
      ...(await stopTimeTracker(repo, row, at)),
    };
  }

  /** Runs one state-machine action on a locked open order. */
  function act(
    storeId: string,
    id: string,
    actor: Actor,
    apply: (row: OrderRow, ctx: { tx: Db; repo: RepairOrdersRepository; settings: StoreSettings; at: Date }) => Promise<OrderChange>,
  ) {
    return write(storeId, async (tx, repo) => {
      const row = await locked(repo, storeId, id);
      const { settings } = await settingsOf(repo, storeId);
      fail(closeGuard(row));
      ensureOwn(actor, settings, row);
      const change = await apply(row, { tx, repo, settings, at: now() });
      await repo.update(storeId, id, change);
      return { id, event: 'updated' };
    });
  }

  return { deps, now, readRepo, present, ensureCustomerAndVehicle, write, finishRefusal, finishChange, act };
}
