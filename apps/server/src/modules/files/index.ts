/** The files module's front door: the signed file URLs' endpoint. */
export { fileRoutes } from './files.routes.js';
