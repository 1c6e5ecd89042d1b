import {
  AppError,
  errors,
  NEW_ORDER_STATES,
  orderNumberSortKey,
  scheduledAfter,
  type CreateRepairOrderRequest,
  type StoreSettings,
} from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import type { RepairOrdersRepository } from '../repair-orders.repository.js';
import {
  date,
  ensureAssignment,
  ensureMayChangeType,
  ensureWorker,
  settingsOf,
  stateColumns,
  type Actor,
  type OrderContext,
} from './context.js';

/** A store may require a VIN, or a VIN or an order number. */
function ensureRepairOrderRules(settings: StoreSettings, vehicle: { vin: string | null }, orderNumber: string | null) {
  if (settings.vinIsMandatory && !vehicle.vin) throw new AppError(400, 'VIN_IS_MANDATORY', 'vin is mandatory in this store');
  if (settings.vinOrOrderNumberMandatory && !vehicle.vin && !orderNumber) {
    throw new AppError(400, 'INVALID_ARGUMENTS', 'vin_or_order_number_is_mandatory');
  }
}

/**
 * The type of a new order: the one sent (which must be usable; with automatic selection on only
 * owners and admins may send one other than the selection's), else the automatic selection by
 * the customer's business name, else the store's default.
 */
async function inspectionTypeOnCreate(
  ctx: OrderContext,
  tx: Db,
  storeId: string,
  settings: StoreSettings,
  business: string | null,
  sent: string | null,
  actor: Actor,
) {
  const port = ctx.deps.inspectionTypes?.(tx);
  if (!port) return sent;
  const selected = await port.select(storeId, business, settings);
  if (sent === null) return selected.inspectionTypeId;
  if (sent !== selected.inspectionTypeId) ensureMayChangeType(actor, settings);
  await port.ensureUsable(storeId, sent);
  return sent;
}

/** The order's number: the one typed (the sequence goes on after it), else the store's next one if it numbers its orders. */
async function numberFor(repo: RepairOrdersRepository, storeId: string, settings: StoreSettings, typed: string | null) {
  if (typed !== null) {
    await repo.noteOrderNumber(storeId, typed);
    return typed;
  }
  return settings.assignOrderNumbers ? String(await repo.nextOrderNumber(storeId)) : null;
}

/** Checks and inserts a new order in the caller's transaction (create, and match's create). */
export async function createIn(
  ctx: OrderContext,
  tx: Db,
  repo: RepairOrdersRepository,
  storeId: string,
  body: CreateRepairOrderRequest,
  actor: Actor,
  options: { ticketRules?: boolean } = {},
) {
  if (body.storeId !== undefined && body.storeId !== storeId) throw errors.invalid('storeId: does not match the store of the path');
  const { store, settings } = await settingsOf(repo, storeId);
  const { customer, vehicle } = await ctx.ensureCustomerAndVehicle(tx, storeId, body.customerId, body.vehicleId);
  const inspectionType = await inspectionTypeOnCreate(ctx, tx, storeId, settings, customer.business, body.inspectionType ?? null, actor);
  await ensureWorker(repo, store, 'serviceAdvisorId', body.serviceAdvisorId);
  await ensureWorker(repo, store, 'technicianId', body.technicianId);
  await ensureAssignment(repo, actor, null, body.technicianId ?? null);
  // The store's rules apply to what the user typed; a store that numbers its orders then gives
  // an order typed without a number the next one of its sequence.
  const typedNumber = body.orderNumber?.trim() ? body.orderNumber : null;
  if (options.ticketRules !== false) ensureRepairOrderRules(settings, vehicle, typedNumber);
  const orderNumber = await numberFor(repo, storeId, settings, typedNumber);
  const at = ctx.now();
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

export function createOrderUseCases(ctx: OrderContext) {
  return {
    async create(storeId: string, body: CreateRepairOrderRequest, actor: Actor) {
      return ctx.write(storeId, async (tx, repo) => ({ id: (await createIn(ctx, tx, repo, storeId, body, actor)).id, event: 'created' }));
    },
  };
}
