import { setupAccountRoute } from '@servicebay/domain';
import type { ApiClient, CallBody } from '@servicebay/web-core';

/** Opens the account: the account, its first store and its workers, in one call. */
export function setupAccount(api: ApiClient, body: CallBody<typeof setupAccountRoute>) {
  return api.call(setupAccountRoute, { body });
}
