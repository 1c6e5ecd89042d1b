import { adminAccountsRoute, adminPartnersRoute, adminStoresRoute, getPartnerRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { AdminService } from './admin.service.js';

export function adminRoutes(admin: AdminService) {
  return [
    implement(getPartnerRoute, ({ params }) => admin.partner(params.partnerId)),
    implement(adminPartnersRoute, ({ principal, query }) => admin.partners(principal, query)),
    implement(adminAccountsRoute, ({ principal, query }) => admin.accounts(principal, query)),
    implement(adminStoresRoute, ({ principal, query }) => admin.stores(principal, query)),
  ];
}
