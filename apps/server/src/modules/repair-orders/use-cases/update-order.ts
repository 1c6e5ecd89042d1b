import { AppError, errors, orderNumberSortKey, scheduledAfter, type UpdateRepairOrderRequest } from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import type { OrderChange, RepairOrdersRepository } from '../repair-orders.repository.js';
import {
  activity,
  closeGuard,
  date,
  ensureAssignment,
  ensureMayChangeType,
  ensureOwn,
  ensureWorker,
  fail,
  locked,
  settingsOf,
  view,
  type Actor,
  type OrderContext,
} from './context.js';

const onlyTechnician = (body: object) => Object.keys(body).every((k) => k === 'technicianId' || k === 'storeId');

/** The fields a change copies as sent. */
const COPIED = [
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

/** Checks and writes a change of an order in the caller's transaction (update, and match's update). */
export async function updateIn(
  ctx: OrderContext,
  tx: Db,
  repo: RepairOrdersRepository,
  storeId: string,
  id: string,
  body: UpdateRepairOrderRequest,
  actor: Actor,
) {
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
    await ctx.ensureCustomerAndVehicle(tx, storeId, body.customerId, row.vehicleId);
  }
  if (body.inspectionType !== undefined && body.inspectionType !== row.inspectionType) {
    ensureMayChangeType(actor, settings);
    if (body.inspectionType !== null) await ctx.deps.inspectionTypes?.(tx).ensureUsable(storeId, body.inspectionType);
  }
  if (body.serviceAdvisorId !== undefined && body.serviceAdvisorId !== row.serviceAdvisorId) {
    await ensureWorker(repo, store, 'serviceAdvisorId', body.serviceAdvisorId);
  }
  const at = ctx.now();
  let activities = row.activities;
  if (body.technicianId !== undefined && body.technicianId !== row.technicianId) {
    await ensureWorker(repo, store, 'technicianId', body.technicianId);
    await ensureAssignment(repo, actor, row.technicianId, body.technicianId);
    activities = activity(row, 'assigned', actor, at);
  }
  const change: OrderChange = {};
  for (const field of COPIED) if (body[field] !== undefined) (change as Record<string, unknown>)[field] = body[field];
  if (body.orderNumber !== undefined) {
    change.orderNumber = body.orderNumber;
    change.orderNumberKey = orderNumberSortKey(body.orderNumber);
    await repo.noteOrderNumber(storeId, body.orderNumber);
  }
  if (body.timePromised !== undefined) change.timePromised = date(body.timePromised);
  const scheduled = scheduledAfter(view(row), { vehicleInShop: body.vehicleInShop, scheduled: body.scheduled }, at);
  change.scheduled = date(scheduled) ?? null;
  change.activities = activities;
  await repo.update(storeId, id, change);
  return row;
}

export function updateOrderUseCases(ctx: OrderContext) {
  return {
    async update(storeId: string, id: string, body: UpdateRepairOrderRequest, actor: Actor) {
      return ctx.write(storeId, async (tx, repo) => {
        await updateIn(ctx, tx, repo, storeId, id, body, actor);
        return { id, event: 'updated' };
      });
    },
  };
}
