/** The i18n module's front door: the language files. */
export { i18nRoutes } from './i18n.routes.js';
