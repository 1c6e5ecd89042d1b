import { z } from 'zod';
import { CURRENCIES } from '../identity/store.js';
import { ORDER_STAGES, type OrderStage } from '../repair-orders/stage.js';

/**
 * A store's figures of the day: the owner's first screen shows them on each store card, and the
 * analytics pages read the same ones. One definition each (docs/analytics.md):
 *
 * - **carCount**: orders written that day (the store's calendar day, in its time zone) for a car in the shop; open or
 *   since closed. Appointments whose car has not come in are not cars yet.
 * - **approvalRate**: of the recommended work the customers decided on that day, the part they
 *   approved, in money: approved amount / decided amount (each item at its estimate line's price
 *   before taxes). Null when nothing priced was decided.
 * - **averageRepairOrder** (ARO): the work approved that day, before taxes, divided by the orders
 *   on which a customer decided that day, in cents. An order whose customer declined everything
 *   counts, at zero. Null when no customer decided.
 * - **openByStage**: the store's open orders of cars in the shop by stage (`orderStage`), now.
 */

/** One item a customer decided, with its price: what the approval figures are made of. */
export interface DecidedItem {
  storeId: string;
  inspectionOrderId: string;
  decision: 'approved' | 'declined';
  /** The item's estimate line subtotal (labour + parts + fees, before taxes), in cents; 0 without a line. */
  amount: number;
}

export interface DecisionFigures {
  /** Orders on which a customer decided at least one item. */
  decidedOrders: number;
  /** Cents, before taxes. */
  approvedAmount: number;
  decidedAmount: number;
  averageRepairOrder: number | null;
  approvalRate: number | null;
}

/** The approval figures of each store from its decided items; a store with none gets the empty figures. */
export function decisionFigures(storeIds: readonly string[], items: readonly DecidedItem[]): Map<string, DecisionFigures> {
  const sums = new Map(storeIds.map((id) => [id, { orders: new Set<string>(), approved: 0, decided: 0 }]));
  for (const item of items) {
    const sum = sums.get(item.storeId);
    if (!sum) continue;
    sum.orders.add(item.inspectionOrderId);
    sum.decided += item.amount;
    if (item.decision === 'approved') sum.approved += item.amount;
  }
  return new Map(
    [...sums].map(([storeId, s]) => [
      storeId,
      {
        decidedOrders: s.orders.size,
        approvedAmount: s.approved,
        decidedAmount: s.decided,
        averageRepairOrder: s.orders.size > 0 ? Math.round(s.approved / s.orders.size) : null,
        approvalRate: s.decided > 0 ? s.approved / s.decided : null,
      },
    ]),
  );
}

const stageCounts = z.object(Object.fromEntries(ORDER_STAGES.map((s) => [s, z.number().int().min(0)])) as Record<OrderStage, z.ZodNumber>);

export const ZStoreFigures = z.object({
  storeId: z.string(),
  /** The store's day the figures are of (YYYY-MM-DD), in its own time zone. */
  day: z.string(),
  /** The store's time zone (storeTimeZone: its setting, else its province's or state's). */
  timeZone: z.string(),
  /** The store's currency (its settings), for the amounts. */
  currency: z.enum(CURRENCIES),
  carCount: z.number().int().min(0),
  /** Cents before taxes; null when no customer decided that day. */
  averageRepairOrder: z.number().int().nullable(),
  /** 0 to 1; null when nothing priced was decided that day. */
  approvalRate: z.number().min(0).max(1).nullable(),
  /** What the two figures above are made of. */
  decidedOrders: z.number().int().min(0),
  approvedAmount: z.number().int().min(0),
  decidedAmount: z.number().int().min(0),
  /** Open orders of cars in the shop, by stage. */
  openByStage: stageCounts,
});
export type StoreFigures = z.infer<typeof ZStoreFigures>;

export const ZAccountStoreFigures = z.object({
  /** Every store of the account, in no particular order, each on its own day in its own time zone. */
  stores: z.array(ZStoreFigures),
});
export type AccountStoreFigures = z.infer<typeof ZAccountStoreFigures>;

/** Whether a store had nothing that day and has nothing open: its card says so instead of zeros. */
export function isQuietDay(figures: StoreFigures): boolean {
  return figures.carCount === 0 && figures.decidedOrders === 0 && ORDER_STAGES.every((s) => figures.openByStage[s] === 0);
}
