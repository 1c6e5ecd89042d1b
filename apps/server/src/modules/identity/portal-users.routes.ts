import { userForCustomerRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createIdentityRepository } from './identity.repository.js';
import { createLimiter } from './login-limiter.js';
import { createPortalUsersRepository } from './portal-users.repository.js';
import { createPortalUsersService } from './portal-users.service.js';
import { presentUser } from './user.presenter.js';

export function portalUserRoutes(platform: Platform) {
  const { config } = platform;
  const identity = createIdentityRepository(platform.database.db);
  const service = createPortalUsersService({
    repo: createPortalUsersRepository(platform.database.db),
    limiters: {
      perAddress: createLimiter({ limit: config.session.attemptsPerAddressPerMinute, windowMs: 60_000 }),
      perUsername: createLimiter({ limit: config.session.attemptsPerUsernamePerMinute, windowMs: 60_000 }),
    },
  });
  return [
    implement(userForCustomerRoute, async ({ body, request }) => {
      const user = await service.register({ ...body, address: request.ip });
      return presentUser(user, await identity.storeById(user.storeId));
    }),
  ];
}
