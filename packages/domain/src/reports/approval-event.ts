import { z } from 'zod';
import { CURRENCIES } from '../identity/store.js';
import { ZStepState } from '../repair-orders/repair-order.js';

/**
 * `store/{storeId}/reportApproved`: a customer signed decisions on a report (docs/realtime.md).
 * Written with the approval, in its transaction; the staff app tells the store's users at once and
 * moves the order's approval step on every open dashboard and order page.
 */
export const ZReportApprovedEvent = z.object({
  inspectionOrderId: z.string(),
  orderNumber: z.string().nullable(),
  /** The name the customer signed with. */
  signerName: z.string(),
  /** Items approved and declined in this signing (earlier signings not counted). */
  approved: z.number().int().min(0),
  declined: z.number().int().min(0),
  /** The estimate's approved total after this signing, taxes included, in cents; null without an estimate. */
  approvedTotal: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  /** The order's approval step after this signing (unchanged when null). */
  approval: ZStepState.nullable(),
  /** When the customer signed (ISO). */
  at: z.string(),
});
export type ReportApprovedEvent = z.infer<typeof ZReportApprovedEvent>;
