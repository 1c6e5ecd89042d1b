import { userForCustomerRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { IdentityRepository } from './identity.repository.js';
import type { PortalUsersService } from './portal-users.service.js';
import { presentUser } from './user.presenter.js';

export function portalUserRoutes({ portalUsers: service, identity }: { portalUsers: PortalUsersService; identity: Pick<IdentityRepository, 'storeById'> }) {
  return [
    implement(userForCustomerRoute, async ({ body, request }) => {
      const user = await service.register({ ...body, address: request.ip });
      return presentUser(user, await identity.storeById(user.storeId));
    }),
  ];
}
