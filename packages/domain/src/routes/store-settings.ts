import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { ZStore } from '../identity/store-view.js';
import { ZStoreSettingsChange } from '../identity/store-settings.js';
import { STORE_ADMIN_ROLES } from './store-users.js';

export const updateStoreSettingsRoute = defineRoute({
  id: 'storeSettings.update',
  method: 'PUT',
  path: '/v2/api/store/:storeId/settings',
  summary:
    "Changes the store's settings, details, opening hours (each day closes after it opens) and admin PIN; what is not sent stays. Effective at once: every later request reads them.",
  tag: 'storeSettings',
  carriesSecrets: true,
  access: access.store(STORE_ADMIN_ROLES),
  params: z.strictObject({ storeId: ZId }),
  body: ZStoreSettingsChange,
  response: ZStore,
});

export const storeSettingsRoutes = [updateStoreSettingsRoute] as const;
