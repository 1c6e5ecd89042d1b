import type { Implementation } from '../platform/http/registrar.js';
import type { Platform } from '../platform/platform.js';
import { systemRoutes } from './system/system.routes.js';

/** Every feature's handlers; the registrar checks them against the route table. */
export function implementations(platform: Platform): Implementation[] {
  return [...systemRoutes(platform)];
}
