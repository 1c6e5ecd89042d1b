import type { AnyRoute } from '../http/route.js';
import { systemRoutes } from './system.js';

/**
 * The route table: every endpoint the server mounts, and only those.
 * Each feature keeps its routes in its own file and adds them here.
 */
export const routeTable: readonly AnyRoute[] = [...systemRoutes];
