import { LIMITS, type DashboardListQuery, type StepFilterState } from '@servicebay/domain';

/**
 * The inspections a technician may pick from: open orders whose vehicle is in the shop and whose
 * inspection is not done yet (not started, waiting or in progress); waiting customers first, then
 * the newest order numbers. The list route serves it from the open-orders index (store, in shop,
 * number) and filters the inspection state on the rows it reads.
 */
export const INSPECTION_STATES_TO_DO: readonly StepFilterState[] = ['notStarted', 'pending', 'inProgress'];

export function inspectionListQuery(page: number): DashboardListQuery {
  return {
    page: Math.max(0, Math.floor(page)),
    size: LIMITS.pageSize.orders,
    sorting: 'orderNumber,desc',
    waitingFirst: true,
    vehicleInShop: true,
    closed: false,
    inspection: INSPECTION_STATES_TO_DO,
  };
}

/** How many pages a total takes (at least one, so the pager never shows page 1 of 0). */
export function pageCount(total: number, size: number = LIMITS.pageSize.orders): number {
  return Math.max(1, Math.ceil(total / size));
}
