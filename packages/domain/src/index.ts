export * from './roles.js';
export * from './errors.js';
export * from './limits.js';
export * from './http/access.js';
export * from './http/route.js';
export * from './http/common.js';
export * from './http/openapi.js';
export * from './routes/system.js';
export { routeTable } from './routes/index.js';
