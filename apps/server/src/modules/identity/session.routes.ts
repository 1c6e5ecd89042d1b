import {
  adminPinLoginRoute,
  hijackRoute,
  clearLastRoleUsedRoute,
  dashboardFilterRoute,
  errors,
  getUserRoute,
  isStaffRole,
  loginRoute,
  loginStrategyRoute,
  logoutRoute,
  refreshTokenRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import { canActForStore } from '../../platform/tenancy/tenancy.policy.js';
import { createTenancyRepository } from '../../platform/tenancy/tenancy.repository.js';
import type { Platform } from '../../platform/platform.js';
import { createIdentityRepository } from './identity.repository.js';
import { createLimiter } from './login-limiter.js';
import { createSessionService, type SessionService } from './session.service.js';
import { presentUser } from './user.presenter.js';
import { createSsoRepository } from './sso.repository.js';
import { createSsoDirectory } from './sso.service.js';
import { createPortalUsersRepository } from './portal-users.repository.js';

export function createSessions(platform: Platform) {
  const { config } = platform;
  const repo = createIdentityRepository(platform.database.db);
  const portalUsers = createPortalUsersRepository(platform.database.db);
  return createSessionService({
    repo,
    tokens: platform.tokens,
    policy: config.session,
    limiters: {
      perAddress: createLimiter({ limit: config.session.attemptsPerAddressPerMinute, windowMs: 60_000 }),
      perUsername: createLimiter({ limit: config.session.attemptsPerUsernamePerMinute, windowMs: 60_000 }),
    },
    sso: createSsoDirectory({ repo: createSsoRepository(platform.database.db), identity: repo }),
    customerEmailKnown: async (email) => (await portalUsers.customerByEmail(email)) !== null,
  });
}

export function sessionRoutes(platform: Platform, sessions: SessionService) {
  const repo = createIdentityRepository(platform.database.db);
  const tenancy = createTenancyRepository(platform.database.db);

  async function presented(userId: string) {
    const user = await repo.userById(userId);
    if (!user) throw errors.notFound();
    return presentUser(user, await repo.storeById(user.storeId));
  }

  return [
    implement(loginRoute, ({ body, request }) => sessions.login({ ...body, address: request.ip })),
    implement(loginStrategyRoute, ({ body, request }) => sessions.strategy(body.username, request.ip)),
    implement(refreshTokenRoute, ({ body }) => sessions.refresh(body.refreshToken)),
    implement(logoutRoute, ({ body }) => sessions.logout(body.refreshToken)),
    implement(getUserRoute, async ({ params }) => {
      const user = await repo.userByRef(params.userRef);
      if (!user) throw errors.notFound();
      return presentUser(user, await repo.storeById(user.storeId));
    }),
    implement(clearLastRoleUsedRoute, async ({ principal }) => {
      await repo.updateUser(principal.id, { lastRoleUsed: null });
      return presented(principal.id);
    }),
    implement(dashboardFilterRoute, async ({ params, body, principal }) => {
      // Only one's own preferences, whatever store the path names.
      if (params.userId !== principal.id) throw errors.notFound();
      await repo.updateUser(principal.id, {
        ...(body.sorting !== undefined && { dashboardSorting: body.sorting }),
        ...(body.filter !== undefined && { dashboardFilter: body.filter }),
        ...(body.waitingFirst !== undefined && { waitingFirst: body.waitingFirst }),
        ...(body.myVehicles !== undefined && { myVehicles: body.myVehicles }),
      });
      return presented(principal.id);
    }),
    implement(hijackRoute, async ({ body, principal }) => {
      // The store comes in the body, so its tenancy is checked here: a stranger's store is 404.
      const store = await tenancy.storeOwnership(body.storeId);
      if (!store || !canActForStore(principal, store)) throw errors.notFound();
      const caller = await repo.userById(principal.id);
      if (!caller || !caller.active) throw errors.unauthenticated();
      return sessions.hijack({ caller, storeId: store.id, hijack: body.hijack, asStore: body.asStore, role: body.role });
    }),
    implement(adminPinLoginRoute, async ({ body, principal }) => {
      // The store comes in the body, so its tenancy is checked here: a stranger's store is 404.
      const store = await tenancy.storeOwnership(body.storeId);
      if (!store || !canActForStore(principal, store)) throw errors.notFound();
      await sessions.confirmAdminPin({ userId: principal.id, storeId: store.id, pin: body.adminPIN });
    }),
  ];
}

/** Where the user a store route's :userId names works, for the registrar's resource check. */
export function userOwnerResolver(platform: Platform) {
  const repo = createIdentityRepository(platform.database.db);
  return async (id: string) => {
    const user = await repo.userById(id);
    return user ? { storeId: user.storeId, accountId: user.accountId } : null;
  };
}

/**
 * Resolves the user a user-scoped route names, for the registrar's access check. A portal user is
 * no worker of its customer's store: it is reached by itself only, so it is given no store.
 */
export function userScopeResolver(platform: Platform) {
  const repo = createIdentityRepository(platform.database.db);
  return async (ref: string) => {
    const user = await repo.userByRef(ref);
    return user ? { id: user.id, storeId: isStaffRole(user.type) ? user.storeId : null } : null;
  };
}
