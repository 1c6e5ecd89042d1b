import type { OrderStep } from './repair-order.js';

/**
 * The stage of an open order on the job board, one column each, derived from the order's six step
 * states alone (docs/dashboard.md "Job board" has the table and the reasons). Pure.
 */
export const ORDER_STAGES = [
  'inspecting',
  'estimating',
  'awaitingApproval',
  'awaitingParts',
  'working',
  'finished',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** Parts still to come: parts' two extra states are "in progress". */
const PARTS_OUTSTANDING = ['pending', 'inProgress', 'inProgressHaveOrdered', 'inProgressSomeParts'];
const ASKED_OR_RUNNING = ['pending', 'inProgress'];

/**
 * First rule that matches wins, the furthest step first:
 * work done → finished; work started → working; inspection not done → inspecting; parts to come →
 * awaiting parts; approval asked or partly given → awaiting approval; approval given, or work asked
 * for → working; estimate being written → estimating; estimate ready → awaiting approval; report
 * sent with nothing to estimate → finished; anything else (an inspection just done) → estimating.
 * A missing state counts as not started.
 */
export function orderStage(states: Partial<Record<OrderStep, string>>): OrderStage {
  const { inspection, estimate, approval, report, parts, work } = states;
  if (work === 'done') return 'finished';
  if (work === 'inProgress') return 'working';
  if (inspection !== 'done') return 'inspecting';
  if (parts !== undefined && PARTS_OUTSTANDING.includes(parts)) return 'awaitingParts';
  if (approval !== undefined && ASKED_OR_RUNNING.includes(approval)) return 'awaitingApproval';
  if (approval === 'done' || work === 'pending') return 'working';
  if (estimate !== undefined && ASKED_OR_RUNNING.includes(estimate)) return 'estimating';
  if (estimate === 'done') return 'awaitingApproval';
  if (report === 'done') return 'finished';
  return 'estimating';
}

/**
 * How many orders are at each stage (the owner's "open tickets by stage"); every stage is present,
 * at zero when none is there. An entry may stand for several orders of the same states (`count`).
 */
export function countByStage(
  orders: Iterable<{ states: Partial<Record<OrderStep, string>>; count?: number }>,
): Record<OrderStage, number> {
  const counts = Object.fromEntries(ORDER_STAGES.map((stage) => [stage, 0])) as Record<OrderStage, number>;
  for (const order of orders) counts[orderStage(order.states)] += order.count ?? 1;
  return counts;
}
