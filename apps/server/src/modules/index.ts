import type { Implementation } from '../platform/http/registrar.js';
import type { Platform } from '../platform/platform.js';
import { systemRoutes } from './system/system.routes.js';
import { createSessions, sessionRoutes } from './identity/session.routes.js';
import { storeRoutes } from './stores/store.routes.js';
import { storeAdminRoutes } from './stores/store-admin.routes.js';
import { accountRoutes } from './accounts/accounts.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { passwordRoutes } from './identity/password.routes.js';
import { i18nRoutes } from './i18n/i18n.routes.js';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes.js';
import { ssoRoutes } from './identity/sso.routes.js';
import { customerRoutes } from './customers/customers.routes.js';
import { vehicleDataRoutes } from './vehicle-data/vehicle-data.routes.js';
import { portalUserRoutes } from './identity/portal-users.routes.js';
import { courseRoutes } from './training/training.routes.js';
import { vinScannerRoutes } from './vin-scanner/vin-scanner.routes.js';
import { fileRoutes } from './files/files.routes.js';
import { inspectionOrderRoutes } from './repair-orders/repair-orders.routes.js';
import { inspectionRoutes } from './inspections/inspections.routes.js';
import { estimateRoutes } from './estimates/estimates.routes.js';
import { reportSendingRoutes } from './reports/report-sending.routes.js';
import { reportViewRoutes } from './reports/report-view.routes.js';

/** Every feature's handlers; the registrar checks them against the route table. */
export function implementations(platform: Platform): Implementation[] {
  // One session service per server: its login limiters must count every way of signing in.
  const sessions = createSessions(platform);
  return [
    ...systemRoutes(platform),
    ...sessionRoutes(platform, sessions),
    ...ssoRoutes(platform, sessions),
    ...storeRoutes(platform, sessions),
    ...storeAdminRoutes(platform),
    ...accountRoutes(platform),
    ...adminRoutes(platform),
    ...passwordRoutes(platform),
    ...i18nRoutes(),
    ...customerRoutes(platform),
    ...vehicleDataRoutes(platform),
    ...portalUserRoutes(platform),
    ...courseRoutes(platform),
    ...vinScannerRoutes(platform),
    ...fileRoutes(platform),
    ...inspectionOrderRoutes(platform),
    ...inspectionRoutes(platform),
    ...estimateRoutes(platform),
    ...reportSendingRoutes(platform),
    ...reportViewRoutes(platform),
    // Not mounted at all unless DEV_TOOLS is on: its paths then answer as paths that do not exist.
    ...(platform.config.devTools ? devOutboxRoutes(platform) : []),
  ];
}
