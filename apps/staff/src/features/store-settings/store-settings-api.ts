import { updateStoreSettingsRoute } from '@servicebay/domain';
import type { ApiClient, CallBody } from '@servicebay/web-core';

/** Saves the store's details and settings; the answer is the whole store. */
export function updateStoreSettings(api: ApiClient, storeId: string, body: CallBody<typeof updateStoreSettingsRoute>) {
  return api.call(updateStoreSettingsRoute, { params: { storeId }, body });
}
