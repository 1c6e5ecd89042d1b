import {
  checkAssignment,
  isRole,
  isTechnician,
  ORDER_STAGES,
  orderStage,
  type OrderStage,
  type RepairOrder,
} from '@servicebay/domain';

/**
 * The job board's pure part (docs/dashboard.md "Job board"): the orders in their stage columns,
 * the technicians a card can go to, and what the assignment rules say of each move (the same rule
 * the server applies, `checkAssignment`, so the board offers only moves that will work).
 */

/** The orders of each stage, in the order the list gave them (the user's sort). */
export function boardColumns<O extends Pick<RepairOrder, 'states'>>(
  orders: readonly O[],
): Record<OrderStage, O[]> {
  const columns = Object.fromEntries(ORDER_STAGES.map((stage) => [stage, [] as O[]])) as Record<
    OrderStage,
    O[]
  >;
  for (const order of orders) columns[orderStage(order.states)].push(order);
  return columns;
}

/** A worker as the store's worker list gives it. */
export interface BoardWorker {
  _id: string;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  type?: string | null;
}

export interface BoardTechnician {
  id: string;
  name: string;
}

const workerName = (w: BoardWorker) =>
  [w.firstName, w.lastName].filter(Boolean).join(' ').trim() || w.username || w._id;

/** The store's technicians (workers who are not advisors), in the list's order, with their names. */
export function boardTechnicians(workers: readonly BoardWorker[]): BoardTechnician[] {
  return workers
    .filter((w) => typeof w.type === 'string' && isRole(w.type) && isTechnician(w.type))
    .map((w) => ({ id: w._id, name: workerName(w) }));
}

/** One place a card can be moved to: a technician, or nobody (`id` null). */
export interface AssignTarget {
  id: string | null;
  name: string | null;
  /** What the assignment rules say of this move for the signed-in user. */
  allowed: boolean;
}

/**
 * Where the signed-in user may move an order: every technician and "not assigned", except where it
 * already is. An advisor (owner, manager) may move any card; a technician may take an unassigned
 * one or let go of its own, never move one another technician holds, nor give one away.
 */
export function assignTargets(
  actor: { role: string; userId: string },
  order: Pick<RepairOrder, 'technicianId' | 'closed'>,
  technicians: readonly BoardTechnician[],
): AssignTarget[] {
  const targets: Array<{ id: string | null; name: string | null }> = [
    ...technicians.map((t) => ({ id: t.id, name: t.name })),
    { id: null, name: null },
  ];
  return targets
    .filter((target) => target.id !== order.technicianId)
    .map((target) => ({ ...target, allowed: mayMove(actor, order, target.id) }));
}

/** Whether the rules let the user move this order to that technician (null: nobody). */
export function mayMove(
  actor: { role: string; userId: string },
  order: Pick<RepairOrder, 'technicianId' | 'closed'>,
  technicianId: string | null,
): boolean {
  if (order.closed || !isRole(actor.role)) return false;
  return checkAssignment({
    role: actor.role,
    userId: actor.userId,
    currentTechnicianId: order.technicianId,
    nextTechnicianId: technicianId,
  }).ok;
}

/** What a refused move says: another technician holds it (named), or a technician may only take it for itself. */
export function refusedMove(
  actor: { userId: string },
  order: Pick<RepairOrder, 'technicianId'>,
): 'heldByOther' | 'onlySelf' {
  return order.technicianId !== null && order.technicianId !== actor.userId ? 'heldByOther' : 'onlySelf';
}

/** What a move the server refused says: the rule's refusals, a closed ticket, no connection, or a failure. */
export type MoveRefusal = 'heldByOther' | 'onlySelf' | 'closed' | 'offline' | 'failed';

/**
 * Reads the update route's refusal of a move: 409 only_valid_user_can_assign_this_to_you (another
 * technician holds it), 403 with the same code (a technician may only take it), ORDER_CLOSED, no
 * answer (status 0), anything else.
 */
export function moveRefusal(error: { status?: unknown; code?: unknown } | null | undefined): MoveRefusal {
  if (error?.code === 'only_valid_user_can_assign_this_to_you')
    return error.status === 409 ? 'heldByOther' : 'onlySelf';
  if (error?.code === 'ORDER_CLOSED') return 'closed';
  if (error?.status === 0) return 'offline';
  return 'failed';
}
