import type { Estimate } from '@servicebay/domain';
import type { EstimatesRepository } from './estimates.repository.js';
import { presentEstimate } from './estimates.presenter.js';

/**
 * Estimates (docs/estimates.md). Other features (the customer's report) read an order's estimate
 * through `get`, never through the repository.
 */
export function createEstimatesService(deps: { estimates: EstimatesRepository }) {
  const { estimates } = deps;
  return {
    /** The order's estimate, priced; null when none was made yet. The caller checked the order's store. */
    async get(storeId: string, inspectionOrderId: string): Promise<Estimate | null> {
      const row = await estimates.findByOrder(storeId, inspectionOrderId);
      if (!row) return null;
      return presentEstimate(row, await estimates.lines(storeId, row.estimate.id));
    },
  };
}
export type EstimatesService = ReturnType<typeof createEstimatesService>;
