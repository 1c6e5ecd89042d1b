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
import { vinScannerRoutes } from './vin-scanner.js';
import { portalUserRoutes } from './portal-users.js';
import { courseRoutes } from './training.js';
import { fileRoutes } from './files.js';
import { inspectionOrderRoutes } from './repair-orders.js';
import { storeUserRoutes } from './store-users.js';
import { storeSettingsRoutes } from './store-settings.js';
import { accountRoutes } from './accounts.js';
import { storeFiguresRoutes } from './store-figures.js';
import { accountUserRoutes } from './account-users.js';
import { adminRoutes } from './admin.js';
import { accountSetupRoutes } from './account-setup.js';
import { inspectionRoutes } from './inspections.js';
import { estimateRoutes } from './estimates.js';
import { cannedJobRoutes } from './canned-jobs.js';
import { reportSendingRoutes } from './report-sending.js';
import { reportViewRoutes } from './report-view.js';
import { portalRoutes } from './portal.js';
import { appointmentRoutes } from './appointments.js';
import { messagingRoutes } from './messaging.js';
import { notificationRoutes } from './notifications.js';
import { internalChatRoutes } from './internal-chat.js';
import { workOrderRoutes } from './work-orders.js';

/**
 * The route table: every endpoint the server mounts, and only those.
 * Each feature keeps its routes in its own file and adds them here.
 */
export const routeTable: readonly AnyRoute[] = [
  ...systemRoutes,
  ...i18nRoutes,
  ...sessionRoutes,
  ...ssoRoutes,
  ...passwordRoutes,
  ...storeRoutes,
  ...customerRoutes,
  ...vehicleDataRoutes,
  ...vinScannerRoutes,
  ...portalUserRoutes,
  ...courseRoutes,
  ...fileRoutes,
  ...inspectionOrderRoutes,
  ...storeUserRoutes,
  ...storeSettingsRoutes,
  ...accountRoutes,
  ...storeFiguresRoutes,
  ...accountUserRoutes,
  ...accountSetupRoutes,
  ...adminRoutes,
  ...inspectionRoutes,
  ...estimateRoutes,
  ...cannedJobRoutes,
  ...reportSendingRoutes,
  ...reportViewRoutes,
  ...portalRoutes,
  ...appointmentRoutes,
  ...messagingRoutes,
  ...notificationRoutes,
  ...internalChatRoutes,
  ...workOrderRoutes,
  ...devRoutes,
];
