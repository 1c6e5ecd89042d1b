/** The system module's front door: health and the OpenAPI document. */
export { systemRoutes, VERSION } from './system.routes.js';
