import type {
  Household,
  RepairOrder,
  Role,
  StepState,
  StoreSettings,
  FinishBlockers,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import type { FileLinker, FileStore } from '../../platform/files/index.js';
import { createOrderContext } from './use-cases/context.js';
import { appointmentUseCases } from './use-cases/appointments.js';
import { createOrderUseCases } from './use-cases/create-order.js';
import { matchOrderUseCases } from './use-cases/match-order.js';
import { orderStatesUseCases } from './use-cases/order-states.js';
import { orderWorkUseCases } from './use-cases/order-work.js';
import { primaryPictureUseCases } from './use-cases/primary-picture.js';
import { readOrdersUseCases } from './use-cases/read-orders.js';
import { signOffUseCases } from './use-cases/sign-off.js';
import { timeTrackerUseCases } from './use-cases/time-tracker.js';
import { updateOrderUseCases } from './use-cases/update-order.js';

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

/** Why an order cannot be finished: the reason (the error's message) and, when known, the items that block it. */
export interface FinishRefusal {
  reason: string;
  blockers?: FinishBlockers;
}

/**
 * One reason an order cannot be finished yet, or null. The inspections feature plugs in its
 * check (measurements required, items required, with the blocking items); the first refusal
 * found is the answer.
 */
export type FinishCheck = (order: RepairOrder, db: Db) => Promise<FinishRefusal | null>;

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

/**
 * The orders service, assembled from its use cases (one file each under use-cases/, sharing
 * use-cases/context.ts): what other features and the routes call.
 */
export function createRepairOrdersService(deps: RepairOrdersDeps) {
  const ctx = createOrderContext(deps);
  return {
    ...readOrdersUseCases(ctx),
    ...createOrderUseCases(ctx),
    ...updateOrderUseCases(ctx),
    ...matchOrderUseCases(ctx),
    ...orderStatesUseCases(ctx),
    ...timeTrackerUseCases(ctx),
    ...signOffUseCases(ctx),
    ...primaryPictureUseCases(ctx),
    ...orderWorkUseCases(ctx),
    ...appointmentUseCases(ctx),
  };
}

export type RepairOrdersService = ReturnType<typeof createRepairOrdersService>;
