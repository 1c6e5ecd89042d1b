import {
  AppError,
  checkAssignment,
  checkOwnOrder,
  closeOrder,
  mayChangeInspectionType,
  errors,
  finishOrder,
  isLanguage,
  NEW_ORDER_STATES,
  orderNumberSortKey,
  pauseTimeTracker,
  PRIMARY_PICTURE_VIDEO_MESSAGE,
  readStoreSettings,
  reopenOrder,
  resultChangeEffects,
  scheduledAfter,
  setStepState,
  startTimeTracker,
  topics,
  type CreateRepairOrderRequest,
  type Household,
  type RepairOrder,
  type RepairOrderListQuery,
  type MatchRepairOrderRequest,
  type OrderActivityType,
  type OrderStateRequest,
  type OrderStates,
  type OrderStep,
  type PartsState,
  type Role,
  type StepState,
  type StoreSettings,
  type Transition,
  type UpdateRepairOrderRequest,
  ZId,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { recordEvent } from '../../platform/outbox/outbox.repository.js';
import type { FastifyRequest } from 'fastify';
import type { FileLinker, FileStore } from '../../platform/files/index.js';
import { receiveImageUpload } from '../../platform/files/uploads.js';
import {
  createRepairOrdersRepository,
  type RepairOrdersRepository,
  type NewOrder,
  type OrderChange,
  type OrderFilter,
  type OrderRow,
} from './repair-orders.repository.js';
import { presentOrder, statesOf } from './repair-orders.presenter.js';

/** A signature is a small drawing: 1 MB is far more than a 1200 px PNG of strokes needs. */
const SIGNATURE_MAX_BYTES = 1024 * 1024;

/** What sending the report changes on the order (docs/reports.md). */
export interface ReportSendingChange {
  estimateDelivery?: 'NOT_SENT' | 'IN_PROGRESS' | 'DELIVERED';
  reportState?: StepState;
  isCustomerNotifiedAboutRepair?: boolean;
  activity?: 'reportSent' | 'repairCompleteNotified';
}

/** The caller, as the assignment and time-tracker rules see it. */
export interface Actor {
  id: string;
  role: Role;
}

/**
 * One reason an order cannot be finished yet, or null. The inspection issue adds its checks
 * (measurements required, items required); the first reason found is the answer.
 */
export type FinishCheck = (order: RepairOrder, db: Db) => Promise<string | null>;

/** What the orders feature needs of the customers feature: its service, never its repository. */
export interface CustomersPort {
  customer(storeId: string, id: string): Promise<{ id: string; householdId: string | null; business: string | null }>;
  vehicle(storeId: string, id: string): Promise<{ id: string; householdId: string | null; vin: string | null; fleetNumber: string | null }>;
  customerHousehold(storeId: string, customerId: string): Promise<Household>;
  listCustomers(
    storeId: string,
    filter: { business?: string },
    page: number,
    size: number,
  ): Promise<{ rows: Array<{ id: string; householdId: string | null; business: string | null }> }>;
  createCustomer(storeId: string, body: { business?: string | null }): Promise<{ id: string; householdId: string | null; business: string | null }>;
  householdVehicles(
    storeId: string,
    householdId: string,
    q: { searchTerm?: string; page: number; size: number; getAll?: boolean },
  ): Promise<{ rows: Array<{ id: string; householdId: string | null; fleetNumber: string | null; vin: string | null }> }>;
  createVehicle(
    storeId: string,
    body: { householdId: string; fleetNumber?: string | null; licensePlate?: string | null },
  ): Promise<{ id: string; householdId: string | null; vin: string | null; fleetNumber: string | null }>;
}

/**
 * What the orders feature needs of the inspections feature (docs/inspections.md): the type a new
 * order gets, and whether a type id may be used by the store.
 */
export interface InspectionTypesPort {
  /** Automatic selection by business name when enabled, else the store's default; null when none. */
  select(storeId: string, business: string | null, settings: StoreSettings): Promise<{ inspectionTypeId: string | null; by: 'automatic' | 'default' | 'none' }>;
  /** 400 when the id is not an active type the store may use. */
  ensureUsable(storeId: string, id: string): Promise<void>;
}

export interface RepairOrdersDeps {
  db: Db;
  outbox: Pick<Outbox, 'transaction'>;
  link: FileLinker;
  /** The customers service working in the given transaction (or on the database when db is given). */
  customers: (db: Db) => CustomersPort;
  finishChecks?: readonly FinishCheck[];
  /** The inspections feature in the given transaction; without it the type is stored as sent. */
  inspectionTypes?: (db: Db) => InspectionTypesPort;
  now?: () => Date;
  /** Where primary pictures go, and the largest upload accepted. */
  files?: FileStore;
  maxImageBytes?: number;
}

const fail = <T>(t: Transition<T>): T => {
  if (!t.ok) throw new AppError(t.status, t.code, t.message);
  return t.value;
};

const fullName = (u: { firstName: string; lastName: string } | null) => (u ? `${u.firstName} ${u.lastName}`.trim() : null);

const STEP_FIELDS: Record<OrderStep, keyof OrderRow & `state${string}`> = {
  inspection: 'stateInspection',
  estimate: 'stateEstimate',
  approval: 'stateApproval',
  report: 'stateReport',
  parts: 'stateParts',
  work: 'stateWork',
};

function stateColumns(states: OrderStates): Pick<NewOrder, `state${Capitalize<OrderStep>}`> {
  return {
    stateInspection: states.inspection,
    stateEstimate: states.estimate,
    stateApproval: states.approval,
    stateReport: states.report,
    stateParts: states.parts,
    stateWork: states.work,
  };
}

const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

export function createRepairOrdersService(deps: RepairOrdersDeps) {
  const now = deps.now ?? (() => new Date());
  const finishChecks = deps.finishChecks ?? [];
  const readRepo = createRepairOrdersRepository(deps.db);

  const activity = (row: Pick<OrderRow, 'activities'>, type: OrderActivityType, actor: Actor | null, at: Date) => [
    ...row.activities,
    { type, date: at.toISOString(), userId: actor?.id ?? null },
  ];

  async function present(repo: RepairOrdersRepository, storeId: string, id: string): Promise<RepairOrder> {
    const detailed = await repo.detailed(storeId, id);
    if (!detailed) throw errors.notFound();
    return presentOrder(detailed, deps.link, now());
  }

  async function settingsOf(repo: RepairOrdersRepository, storeId: string): Promise<{ store: { id: string; accountId: string }; settings: StoreSettings }> {
    const store = await repo.store(storeId);
    if (!store) throw errors.notFound();
    return { store, settings: readStoreSettings(store.settings) };
  }

  async function ensureWorker(repo: RepairOrdersRepository, store: { id: string; accountId: string }, field: string, id: string | null | undefined) {
    if (!id) return null;
    const worker = await repo.worker(store, id);
    if (!worker) throw errors.invalid(`${field}: not a worker of this store`);
    return worker;
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

  async function locked(repo: RepairOrdersRepository, storeId: string, id: string) {
    const row = await repo.lock(storeId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  const view = (row: OrderRow) => ({
    states: statesOf(row),
    closed: row.closed,
    finished: row.finished,
    vehicleInShop: row.vehicleInShop,
    scheduled: row.scheduled ? row.scheduled.toISOString() : null,
    activities: row.activities,
  });

  /** techCanWorkOnlyOwnInspection: a technician changes only its own orders. */
  function ensureOwn(actor: Actor, settings: StoreSettings, row: OrderRow, selfAssigning = false) {
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

  async function ensureAssignment(repo: RepairOrdersRepository, actor: Actor, current: string | null, next: string | null) {
    const holder = current && current !== actor.id ? await repo.user(current) : null;
    fail(checkAssignment({ role: actor.role, userId: actor.id, currentTechnicianId: current, nextTechnicianId: next, holderName: fullName(holder) }));
  }

  /** Spec §5: a store may require a VIN, or a VIN or an order number. */
  function ensureRepairOrderRules(settings: StoreSettings, vehicle: { vin: string | null }, orderNumber: string | null) {
    if (settings.vinIsMandatory && !vehicle.vin) throw new AppError(400, 'VIN_IS_MANDATORY', 'vin is mandatory in this store');
    if (settings.vinOrOrderNumberMandatory && !vehicle.vin && !orderNumber) {
      throw new AppError(400, 'INVALID_ARGUMENTS', 'vin_or_order_number_is_mandatory');
    }
  }

  async function createIn(tx: Db, repo: RepairOrdersRepository, storeId: string, body: CreateRepairOrderRequest, actor: Actor) {
    if (body.storeId !== undefined && body.storeId !== storeId) throw errors.invalid('storeId: does not match the store of the path');
    const { store, settings } = await settingsOf(repo, storeId);
    const { customer, vehicle } = await ensureCustomerAndVehicle(tx, storeId, body.customerId, body.vehicleId);
    const inspectionType = await inspectionTypeOnCreate(tx, storeId, settings, customer.business, body.inspectionType ?? null, actor);
    await ensureWorker(repo, store, 'serviceAdvisorId', body.serviceAdvisorId);
    await ensureWorker(repo, store, 'technicianId', body.technicianId);
    await ensureAssignment(repo, actor, null, body.technicianId ?? null);
    const orderNumber = body.orderNumber ?? null;
    ensureRepairOrderRules(settings, vehicle, orderNumber);
    const at = now();
    const vehicleInShop = body.vehicleInShop ?? true;
    const scheduled = scheduledAfter({ vehicleInShop: true, scheduled: null }, { vehicleInShop, scheduled: body.scheduled ?? null }, at);
    const row = await repo.insert({
      storeId,
      customerId: body.customerId,
      vehicleId: body.vehicleId,
      serviceAdvisorId: body.serviceAdvisorId ?? null,
      technicianId: body.technicianId ?? null,
      inspectionType,
      orderNumber,
      orderNumberKey: orderNumberSortKey(orderNumber),
      waiting: body.waiting ?? false,
      note: body.note ?? null,
      timePromised: date(body.timePromised) ?? null,
      mileageIn: body.mileageIn ?? null,
      mileageOut: body.mileageOut ?? null,
      vehicleInShop,
      scheduled: date(scheduled) ?? null,
      ...stateColumns(NEW_ORDER_STATES),
      repairOrderId: body.repairOrderId ?? null,
      blockedFields: body.blockedFields ?? [],
      includeMaintenanceInReport: body.includeMaintenanceInReport ?? false,
      isCustomerNotifiedAboutRepair: body.isCustomerNotifiedAboutRepair ?? false,
      checkedWithHunter: body.checkedWithHunter ?? false,
      activities: [{ type: 'created', date: at.toISOString(), userId: actor.id }],
    });
    return row;
  }

  async function updateIn(tx: Db, repo: RepairOrdersRepository, storeId: string, id: string, body: UpdateRepairOrderRequest, actor: Actor) {
    if (body.storeId !== undefined && body.storeId !== storeId) throw errors.invalid('storeId: does not match the store of the path');
    const row = await locked(repo, storeId, id);
    fail(closeGuard(row));
    const { store, settings } = await settingsOf(repo, storeId);
    const selfAssigning = body.technicianId === actor.id && row.technicianId === null && onlyTechnician(body);
    ensureOwn(actor, settings, row, selfAssigning);
    if (body.vehicleId !== undefined && body.vehicleId !== row.vehicleId) {
      throw new AppError(409, 'CANNOT_CHANGE_VEHICLE', 'The vehicle of an order cannot be changed');
    }
    for (const field of row.blockedFields) {
      if (field in body && (body as Record<string, unknown>)[field] !== (row as Record<string, unknown>)[field]) {
        throw new AppError(409, 'FIELD_BLOCKED', `${field} is kept by the shop's management system`);
      }
    }
    if (body.customerId !== undefined && body.customerId !== row.customerId) {
      await ensureCustomerAndVehicle(tx, storeId, body.customerId, row.vehicleId);
    }
    if (body.inspectionType !== undefined && body.inspectionType !== row.inspectionType) {
      ensureMayChangeType(actor, settings);
      if (body.inspectionType !== null) await deps.inspectionTypes?.(tx).ensureUsable(storeId, body.inspectionType);
    }
    if (body.serviceAdvisorId !== undefined && body.serviceAdvisorId !== row.serviceAdvisorId) {
      await ensureWorker(repo, store, 'serviceAdvisorId', body.serviceAdvisorId);
    }
    const at = now();
    let activities = row.activities;
    if (body.technicianId !== undefined && body.technicianId !== row.technicianId) {
      await ensureWorker(repo, store, 'technicianId', body.technicianId);
      await ensureAssignment(repo, actor, row.technicianId, body.technicianId);
      activities = activity(row, 'assigned', actor, at);
    }
    const change: OrderChange = {};
    const copy = [
      'inspectionType',
      'waiting',
      'note',
      'mileageIn',
      'mileageOut',
      'vehicleInShop',
      'serviceAdvisorId',
      'technicianId',
      'customerId',
      'includeMaintenanceInReport',
      'isCustomerNotifiedAboutRepair',
      'checkedWithHunter',
      'repairOrderId',
    ] as const;
    for (const field of copy) if (body[field] !== undefined) (change as Record<string, unknown>)[field] = body[field];
    if (body.orderNumber !== undefined) {
      change.orderNumber = body.orderNumber;
      change.orderNumberKey = orderNumberSortKey(body.orderNumber);
    }
    if (body.timePromised !== undefined) change.timePromised = date(body.timePromised);
    const scheduled = scheduledAfter(view(row), { vehicleInShop: body.vehicleInShop, scheduled: body.scheduled }, at);
    change.scheduled = date(scheduled) ?? null;
    change.activities = activities;
    await repo.update(storeId, id, change);
    return row;
  }

  /** Spec §6: with automatic selection on, only owners and admins pick the type. */
  function ensureMayChangeType(actor: Actor, settings: StoreSettings) {
    if (!mayChangeInspectionType(actor.role, settings.automaticInspectionSelectionEnabled)) {
      throw new AppError(403, 'FORBIDDEN', 'Only an owner or an admin may change the inspection type while automatic selection is on');
    }
  }

  /**
   * The type of a new order: the one sent (which must be usable; with automatic selection on only
   * owners and admins may send one other than the selection's), else the automatic selection by
   * the customer's business name, else the store's default.
   */
  async function inspectionTypeOnCreate(tx: Db, storeId: string, settings: StoreSettings, business: string | null, sent: string | null, actor: Actor) {
    const port = deps.inspectionTypes?.(tx);
    if (!port) return sent;
    const selected = await port.select(storeId, business, settings);
    if (sent === null) return selected.inspectionTypeId;
    if (sent !== selected.inspectionTypeId) ensureMayChangeType(actor, settings);
    await port.ensureUsable(storeId, sent);
    return sent;
  }

  const closeGuard = (row: OrderRow): Transition<true> =>
    row.closed ? { ok: false, status: 409, code: 'ORDER_CLOSED', message: 'The order is closed' } : { ok: true, value: true };

  const onlyTechnician = (body: object) => Object.keys(body).every((k) => k === 'technicianId' || k === 'storeId');

  async function cannotBeFinishedReason(repo: RepairOrdersRepository, db: Db, storeId: string, id: string): Promise<string | null> {
    const order = await present(repo, storeId, id);
    for (const check of finishChecks) {
      const reason = await check(order, db);
      if (reason) return reason;
    }
    return null;
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

  const service = {
    async create(storeId: string, body: CreateRepairOrderRequest, actor: Actor) {
      return write(storeId, async (tx, repo) => ({ id: (await createIn(tx, repo, storeId, body, actor)).id, event: 'created' }));
    },

    async get(storeId: string, id: string) {
      return present(readRepo, storeId, id);
    },

    async update(storeId: string, id: string, body: UpdateRepairOrderRequest, actor: Actor) {
      return write(storeId, async (tx, repo) => {
        await updateIn(tx, repo, storeId, id, body, actor);
        return { id, event: 'updated' };
      });
    },

    async setState(storeId: string, id: string, body: OrderStateRequest, actor: Actor) {
      return act(storeId, id, actor, async (row) => {
        const states = fail(setStepState(view(row), body.state, body.value as PartsState));
        return { [STEP_FIELDS[body.state]]: states[body.state] } as OrderChange;
      });
    },

    async canBeFinished(storeId: string, id: string) {
      return { cannotBeFinishedReason: await cannotBeFinishedReason(readRepo, deps.db, storeId, id) };
    },

    async finish(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { tx, repo, at }) => {
        const reason = await cannotBeFinishedReason(repo, tx, storeId, id);
        const result = fail(finishOrder(view(row), reason));
        return { ...stateColumns(result.states), finished: true, activities: activity(row, 'inspectionFinished', actor, at) };
      });
    },

    async reopen(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { at }) => {
        const result = fail(reopenOrder(view(row)));
        return { ...stateColumns(result.states), finished: false, activities: activity(row, 'reopened', actor, at) };
      });
    },

    async close(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { repo, at }) => {
        fail(closeOrder(view(row)));
        const change: OrderChange = { closed: true, closedAt: at, activities: activity(row, 'closed', actor, at) };
        if (row.timeTrackerStartedAt) {
          const seconds = await repo.endTimeEntry(storeId, id, at);
          Object.assign(change, { timeTrackerStartedAt: null, timeTrackerSeconds: row.timeTrackerSeconds + seconds });
        }
        return change;
      });
    },

    async startTimeTracker(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { repo, settings, at }) => {
        if (!settings.inspectionTimeTrackerEnable) {
          throw new AppError(409, 'TIME_TRACKER_DISABLED', 'The time tracker is not enabled in this store');
        }
        const result = fail(startTimeTracker({ ...view(row), timeTrackerRunning: row.timeTrackerStartedAt !== null }));
        await repo.startTimeEntry(storeId, id, actor.id, at);
        return { ...stateColumns(result.states), timeTrackerStartedAt: at, activities: activity(row, 'timeTrackerStarted', actor, at) };
      });
    },

    async pauseTimeTracker(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { repo, settings, at }) => {
        if (!settings.inspectionTimeTrackerEnable) {
          throw new AppError(409, 'TIME_TRACKER_DISABLED', 'The time tracker is not enabled in this store');
        }
        fail(pauseTimeTracker({ ...view(row), timeTrackerRunning: row.timeTrackerStartedAt !== null }));
        const seconds = await repo.endTimeEntry(storeId, id, at);
        return {
          timeTrackerStartedAt: null,
          timeTrackerSeconds: row.timeTrackerSeconds + seconds,
          activities: activity(row, 'timeTrackerPaused', actor, at),
        };
      });
    },

    async list(storeId: string, query: RepairOrderListQuery) {
      const filter: OrderFilter = {
        vehicleInShop: query.vehicleInShop,
        waiting: query.waiting,
        closed: query.closed,
        search: query.search,
        states: Object.fromEntries(
          (['inspection', 'estimate', 'approval', 'report', 'parts', 'work'] as const)
            .filter((s) => query[s])
            .map((s) => [s, query[s]!]),
        ),
        serviceAdvisorId: query.serviceAdvisorId,
        technicianId: query.technicianId,
        not: query.not,
        scheduledFrom: query.scheduledFrom ? new Date(query.scheduledFrom) : undefined,
      };
      const waitingFirst = query.waitingFirst && query.sorting !== 'scheduled,asc';
      const { rows, total } = await readRepo.list(storeId, filter, { sorting: query.sorting, waitingFirst }, query.page, query.size);
      const at = now();
      return { orders: rows.map((r) => presentOrder(r, deps.link, at)), total };
    },

    /** Open orders only: the dashboard's header counter. */
    async count(storeId: string, q: { vehicleInShop?: boolean; waiting?: boolean; search?: string }) {
      return readRepo.count(storeId, { closed: false, vehicleInShop: q.vehicleInShop, waiting: q.waiting, search: q.search });
    },

    async vehicleCount(storeId: string) {
      return readRepo.vehiclesInShop(storeId);
    },

    /** A vehicle's orders, newest first; null when it has none (the route answers 204). */
    async ofVehicle(storeId: string, vehicleId: string, closed: boolean | undefined) {
      await deps.customers(deps.db).vehicle(storeId, vehicleId);
      const rows = await readRepo.ofVehicle(storeId, vehicleId, closed);
      const at = now();
      return rows.length ? rows.map((r) => presentOrder(r, deps.link, at)) : null;
    },

    async household(storeId: string, id: string) {
      const order = await readRepo.detailed(storeId, id);
      if (!order) throw errors.notFound();
      return deps.customers(deps.db).customerHousehold(storeId, order.order.customerId);
    },

    /**
     * Spec §7 POST /inspectionOrder?match-customer-by=business&match-vehicle-by=fleetNumber: the
     * customer by `_id` or by business name (case-insensitive, else created), the vehicle by `_id`
     * or by fleet number in that customer's household (else created), then the order created, or
     * updated when inspectionOrderId names one of the store: all in one transaction.
     */
    async match(body: MatchRepairOrderRequest, actor: Actor) {
      const storeId = body.storeId;
      return deps.outbox.transaction(async (tx) => {
        const repo = createRepairOrdersRepository(tx);
        const customers = deps.customers(tx);
        let customer = body.customer._id ? await customers.customer(storeId, body.customer._id) : null;
        if (!customer) {
          const business = body.customer.business?.trim();
          if (!business) throw errors.mandatory('customer.business');
          const { rows } = await customers.listCustomers(storeId, { business }, 0, 100);
          customer = rows.find((c) => c.business?.toLowerCase() === business.toLowerCase()) ?? (await customers.createCustomer(storeId, { business }));
        }
        const householdId = customer.householdId;
        if (!householdId) throw errors.invalid('customer: has no household');
        let vehicle = body.vehicle._id ? await customers.vehicle(storeId, body.vehicle._id) : null;
        if (vehicle && vehicle.householdId !== householdId) throw errors.invalid("vehicle._id: not a vehicle of the customer's household");
        if (!vehicle) {
          const fleetNumber = body.vehicle.fleetNumber?.trim();
          if (!fleetNumber) throw errors.mandatory('vehicle.fleetNumber');
          const { rows } = await customers.householdVehicles(storeId, householdId, { searchTerm: fleetNumber, page: 0, size: 100, getAll: true });
          vehicle =
            rows.find((v) => v.fleetNumber?.toLowerCase() === fleetNumber.toLowerCase()) ??
            (await customers.createVehicle(storeId, { householdId, fleetNumber, licensePlate: body.vehicle.licensePlate ?? null }));
        }
        const fields = {
          ...(body.serviceAdvisorId !== undefined && { serviceAdvisorId: body.serviceAdvisorId }),
          ...(body.technicianId !== undefined && { technicianId: body.technicianId }),
          ...(body.inspectionType !== undefined && { inspectionType: body.inspectionType }),
          ...(body.vehicleInShop !== undefined && { vehicleInShop: body.vehicleInShop }),
          ...(body.orderNumber !== undefined && { orderNumber: body.orderNumber }),
        };
        let id: string;
        let event: 'created' | 'updated';
        if (body.inspectionOrderId && (await repo.detailed(storeId, body.inspectionOrderId))) {
          await updateIn(tx, repo, storeId, body.inspectionOrderId, { ...fields, customerId: customer.id, vehicleId: vehicle.id }, actor);
          id = body.inspectionOrderId;
          event = 'updated';
        } else {
          id = (await createIn(tx, repo, storeId, { ...fields, customerId: customer.id, vehicleId: vehicle.id }, actor)).id;
          event = 'created';
        }
        const order = await present(repo, storeId, id);
        const t = topics.store(storeId);
        await recordEvent(tx, event === 'created' ? t.inspectionOrdersCreated : t.inspectionOrdersUpdated, order);
        return { order, created: event === 'created' };
      });
    },

    /**
     * The primary picture (spec §7 multipart): the upload is stored first (refused uploads store
     * nothing), then the order points at it in a transaction with its event; on a refusal the
     * new file is deleted, on success the one it replaced.
     */
    async setPrimaryPicture(storeId: string, id: string, actor: Actor, request: FastifyRequest) {
      const files = deps.files;
      if (!files) throw new AppError(501, 'NOT_IMPLEMENTED_YET', 'No file store');
      const { file, fields } = await receiveImageUpload(request, files, { maxBytes: deps.maxImageBytes, videoRefusal: PRIMARY_PICTURE_VIDEO_MESSAGE });
      let replaced: string | null = null;
      try {
        const order = await act(storeId, id, actor, async (row) => {
          replaced = row.primaryPictureKey;
          return { primaryPictureKey: file.key, primaryPictureName: file.name, primaryPictureSource: fields.source?.slice(0, 100) || null };
        });
        if (replaced && replaced !== file.key) await files.delete(replaced).catch(() => false);
        return order;
      } catch (error) {
        await files.delete(file.key).catch(() => false);
        throw error;
      }
    },

    /**
     * Sign-off (spec §2, §4 "Finishing"): the signature is stored first (a refused upload stores
     * nothing), then, in one transaction, the finish checks, the finish and a signedOff entry
     * that keeps who signed and the file. A refusal deletes the new file.
     */
    async signOff(storeId: string, id: string, actor: Actor, request: FastifyRequest) {
      const files = deps.files;
      if (!files) throw new AppError(501, 'NOT_IMPLEMENTED_YET', 'No file store');
      const { file, fields } = await receiveImageUpload(request, files, {
        maxBytes: SIGNATURE_MAX_BYTES,
        maxDimension: 1200,
      });
      try {
        const signerName = (fields.signerName ?? '').trim();
        if (!signerName || signerName.length > 200)
          throw errors.invalid('signerName is mandatory (at most 200 characters)');
        const language = fields.language ?? 'en';
        if (!isLanguage(language)) throw errors.invalid('languageId must be en or fr');
        const workerId = fields.workerId?.trim() || null;
        if (workerId && !ZId.safeParse(workerId).success) throw errors.invalid('workerId must be an id');
        return await act(storeId, id, actor, async (row, { tx, repo, at }) => {
          const reason = await cannotBeFinishedReason(repo, tx, storeId, id);
          const result = fail(finishOrder(view(row), reason));
          const signOff = {
            signerName,
            language,
            workerId,
            signatureKey: file.key,
            signatureName: file.name,
          };
          return {
            ...stateColumns(result.states),
            finished: true,
            activities: [
              ...activity(row, 'inspectionFinished', actor, at),
              { type: 'signedOff', date: at.toISOString(), userId: actor.id, signOff },
            ],
          };
        });
      } catch (error) {
        await files.delete(file.key).catch(() => false);
        throw error;
      }
    },

    /**
     * Runs a change of the order's inspection (a result, a picture, a video; docs/inspections.md)
     * in one transaction with the order locked. Refused on a closed order (ORDER_CLOSED) and by
     * techCanWorkOnlyOwnInspection; then, spec §4 (`resultChangeEffects`): a finished inspection
     * is reopened, the technician's time tracker starts when the store enables it and it is not
     * running, work starts. An updated event is written when the order changed.
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
          const order = await present(repo, storeId, id);
          await recordEvent(tx, topics.store(storeId).inspectionOrdersUpdated, order);
        }
        return value;
      });
    },

    /**
     * Runs another feature's change of an order (the estimate, docs/estimates.md) in one
     * transaction with the order locked: refused on a closed order (ORDER_CLOSED) unless
     * `allowClosed`; `work` returns the order fields it changes, written with an updated event
     * when it changed any (or always, with `alwaysPublish`); `read` then answers from the same
     * transaction. The report features' customerWork and reportWork are made of it.
     */
    async orderWork<T>(
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
          await recordEvent(tx, topics.store(storeId).inspectionOrdersUpdated, await present(repo, storeId, id));
        }
        return read(tx);
      });
    },

    /**
     * A customer's decision on the report (docs/reports.md): `work` runs with the order locked, in
     * one transaction; a closed order refuses it (409 ORDER_CLOSED) before anything is written,
     * unless `allowClosed` (dismissing deferred work stays possible after the visit).
     * The approval step takes the state `work` answers (unchanged when null), and an updated event
     * goes to the store's dashboards.
     */
    async customerWork<T>(
      storeId: string,
      id: string,
      work: (tx: Db) => Promise<{ value: T; approval: StepState | null }>,
      options: { allowClosed?: boolean } = {},
    ): Promise<T> {
      let value: T;
      return service.orderWork(
        storeId,
        id,
        async (tx) => {
          const done = await work(tx);
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
      return service.orderWork(
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

    /** Registrar resolver: the store an order id belongs to. */
    storeOf: (id: string) => readRepo.storeOf(id),
  };
  return service;
}

export type RepairOrdersService = ReturnType<typeof createRepairOrdersService>;
