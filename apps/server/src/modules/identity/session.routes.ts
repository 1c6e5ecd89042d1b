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
  userLanguageRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import { canActForStore } from '../../platform/tenancy/tenancy.policy.js';
import type { TenancyRepository } from '../../platform/tenancy/tenancy.repository.js';
import type { IdentityRepository } from './identity.repository.js';
import type { SessionService } from './session.service.js';
import { presentUser } from './user.presenter.js';

export function sessionRoutes({
  sessions,
  identity: repo,
  tenancy,
}: {
  sessions: SessionService;
  identity: IdentityRepository;
  tenancy: Pick<TenancyRepository, 'storeOwnership'>;
}) {
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
    implement(userLanguageRoute, async ({ body, principal }) => {
      // access.self: the path names the caller.
      await repo.updateUser(principal.id, { language: body.language });
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
        ...(body.view !== undefined && { dashboardView: body.view }),
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
export function userOwnerResolver(repo: Pick<IdentityRepository, 'userById'>) {
  return async (id: string) => {
    const user = await repo.userById(id);
    return user ? { storeId: user.storeId, accountId: user.accountId } : null;
  };
}

/**
 * Resolves the user a user-scoped route names, for the registrar's access check. A portal user is
 * no worker of its customer's store: it is reached by itself only, so it is given no store.
 */
export function userScopeResolver(repo: Pick<IdentityRepository, 'userByRef'>) {
  return async (ref: string) => {
    const user = await repo.userByRef(ref);
    return user ? { id: user.id, storeId: isStaffRole(user.type) ? user.storeId : null } : null;
  };
}
