import {
  listAutomaticSelectionsRoute,
  listInspectionTypesRoute,
  saveAutomaticSelectionRoute,
  updateRepairOrderRoute,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import type { OrderRef } from './repair-order-api.js';

/** The types the store may use, by name (the default first). */
export const inspectionTypesQuery = (api: ApiClient, storeId: string) => ({
  queryKey: ['inspectionTypes', storeId, 'names'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api.call(listInspectionTypesRoute, { params: { storeId }, query: { fields: '_id,name,isDefault' }, signal })
    )._embedded.inspectionType.flatMap((t) => (t._id && t.name ? [{ _id: t._id, name: t.name }] : [])),
});

/** The type the store maps a business name to, or null (automatic inspection selection). */
export const automaticSelectionQuery = (api: ApiClient, storeId: string, business: string) => ({
  queryKey: ['automaticInspectionSelection', storeId, business] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.call(listAutomaticSelectionsRoute, { params: { storeId }, query: { match: business }, signal }))
      .automaticInspectionSelections[0] ?? null,
});

export function changeOrderInspectionType(api: ApiClient, ref: OrderRef, inspectionType: string) {
  return api.call(updateRepairOrderRoute, { params: ref, body: { inspectionType } });
}

/** Every new ticket of this business name gets this type (replaces the name's mapping). */
export function saveAutomaticSelection(api: ApiClient, storeId: string, body: { match: string; inspectionName: string }) {
  return api.call(saveAutomaticSelectionRoute, { params: { storeId }, body });
}
