import type { AnyRoute } from '../http/route.js';
import { systemRoutes } from './system.js';
import { sessionRoutes } from './session.js';
import { passwordRoutes } from './password.js';
import { storeRoutes } from './stores.js';
import { i18nRoutes } from './i18n.js';
import { devRoutes } from './dev.js';
import { ssoRoutes } from './sso.js';
import { customerRoutes } from './customers.js';
import { vehicleDataRoutes } from './vehicle-data.js';

/**
 * The route table: every endpoint the server mounts, and only those.
 * Each feature keeps its routes in its own file and adds them here.
 */
export const routeTable: readonly AnyRoute[] = [...systemRoutes, ...i18nRoutes, ...sessionRoutes, ...ssoRoutes, ...passwordRoutes, ...storeRoutes, ...customerRoutes, ...vehicleDataRoutes, ...devRoutes];
