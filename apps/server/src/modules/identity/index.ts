/**
 * The identity module's front door: sign-in (sessions, single sign-on, passwords, portal users),
 * the user presenter and the login limiter. Other modules import this file only; the composition
 * root (modules/index.ts) builds its services and hands them to its routes.
 */
export { createSessionService, type SessionService, type SessionPolicy, type SsoDirectory } from './session.service.js';
export { createPasswordService, RESET_TOKEN_MINUTES, type PasswordService } from './password.service.js';
export { createPortalUsersService, type PortalUsersService } from './portal-users.service.js';
export { createSsoDirectory, createSsoService, type SsoService } from './sso.service.js';
export { createOidcRelyingParty } from './sso.oidc.js';
export { createIdentityRepository, type IdentityRepository, type StoreRow, type UserRow } from './identity.repository.js';
export { createSsoRepository } from './sso.repository.js';
export { createPortalUsersRepository } from './portal-users.repository.js';
export { createLimiter, type Limiter } from './login-limiter.js';
export { presentUser, principalOf } from './user.presenter.js';
export { sessionRoutes, userOwnerResolver, userScopeResolver } from './session.routes.js';
export { ssoRoutes } from './sso.routes.js';
export { passwordRoutes } from './password.routes.js';
export { portalUserRoutes } from './portal-users.routes.js';
