import { z } from 'zod';
import { ZStepState } from '../repair-orders/repair-order.js';
import { ZEstimateDelivery, ZEstimateStatus, type Estimate } from './estimate.js';

/**
 * `store/{storeId}/estimates/updated`: an estimate changed (docs/realtime.md). Written in the
 * change's transaction; small on purpose (an estimate may hold hundreds of lines): the open
 * estimate pages read the estimate again when it is newer than theirs.
 */
export const ZEstimateUpdatedEvent = z.object({
  inspectionOrderId: z.string(),
  /** The estimate's version after the change (bumped by every change of a price). */
  version: z.number().int(),
  /** What changes without a new version: the estimate step, the status, the delivery. */
  state: ZStepState,
  status: ZEstimateStatus.nullable(),
  delivery: ZEstimateDelivery,
});
export type EstimateUpdatedEvent = z.infer<typeof ZEstimateUpdatedEvent>;

/** The event of an estimate as it is now. */
export function estimateUpdatedEvent(estimate: Estimate): EstimateUpdatedEvent {
  const { inspectionOrderId, version, state, status, delivery } = estimate;
  return { inspectionOrderId, version, state, status, delivery };
}

/**
 * Whether a page holding `held` must read the estimate again after `event`: a newer version, or
 * the same version with another step, status or delivery. Not for an older version (the page has
 * newer already: its own save, answered before the event came) nor when nothing is held yet (the
 * first read brings the newest).
 */
export function isEstimateBehind(
  event: EstimateUpdatedEvent,
  held: Pick<Estimate, 'version' | 'state' | 'status' | 'delivery'> | undefined,
): boolean {
  if (!held || event.version < held.version) return false;
  if (event.version > held.version) return true;
  return event.state !== held.state || event.status !== held.status || event.delivery !== held.delivery;
}
