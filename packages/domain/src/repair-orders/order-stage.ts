import type { OrderStates } from './repair-order.js';

/**
 * Where an open order stands in the shop's day, as one stage: the job board's columns and the
 * owner's "open tickets by stage" count with this one function (docs/repair-orders.md, "Stages").
 */
export const ORDER_STAGES = ['inspecting', 'estimating', 'awaitingApproval', 'awaitingParts', 'working', 'finished'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** What the stage reads of an order: its step states, and whether its inspection was finished. */
export interface OrderStageView {
  states: Pick<OrderStates, 'inspection' | 'estimate' | 'approval' | 'parts' | 'work'>;
  /** The order's finished flag (an inspection finished once counts as done). */
  finished?: boolean;
}

const PARTS_ON_ORDER = new Set(['inProgress', 'inProgressHaveOrdered', 'inProgressSomeParts']);

/**
 * The furthest step the order has reached decides its stage:
 * - **finished**: the work is done (the car waits to be picked up and the order closed);
 * - **working**: the work is in progress, or the customer approved and no part is awaited;
 * - **awaitingParts**: parts are on order, or the customer approved and parts are still to order;
 * - **awaitingApproval**: the customer has the estimate (approval pending or in progress), or the
 *   estimate is ready and waits to be sent;
 * - **estimating**: the estimate is being priced, or the inspection is finished and the estimate
 *   not ready yet;
 * - **inspecting**: anything before (not started, waiting for the technician, being inspected).
 * The report step plays no part: a report is sent at several stages.
 */
export function orderStage(order: OrderStageView): OrderStage {
  const { inspection, estimate, approval, parts, work } = order.states;
  if (work === 'done') return 'finished';
  if (work === 'inProgress') return 'working';
  if (PARTS_ON_ORDER.has(parts)) return 'awaitingParts';
  if (approval === 'done') return parts === 'pending' ? 'awaitingParts' : 'working';
  if (approval === 'pending' || approval === 'inProgress' || estimate === 'done') return 'awaitingApproval';
  if (estimate === 'inProgress' || inspection === 'done' || order.finished === true) return 'estimating';
  return 'inspecting';
}

/** How many orders are at each stage; every stage is present, at zero when none is there. */
export function countByStage(orders: Iterable<OrderStageView & { count?: number }>): Record<OrderStage, number> {
  const counts = Object.fromEntries(ORDER_STAGES.map((s) => [s, 0])) as Record<OrderStage, number>;
  for (const order of orders) counts[orderStage(order)] += order.count ?? 1;
  return counts;
}
