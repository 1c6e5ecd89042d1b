import { adminAccountsRoute, adminPartnersRoute, adminStoresRoute, getPartnerRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createAdminRepository } from './admin.repository.js';
import { createAdminService } from './admin.service.js';

export function adminRoutes(platform: Platform) {
  const admin = createAdminService(createAdminRepository(platform.database.db));
  return [
    implement(getPartnerRoute, ({ params }) => admin.partner(params.partnerId)),
    implement(adminPartnersRoute, ({ principal, query }) => admin.partners(principal, query)),
    implement(adminAccountsRoute, ({ principal, query }) => admin.accounts(principal, query)),
    implement(adminStoresRoute, ({ principal, query }) => admin.stores(principal, query)),
  ];
}
