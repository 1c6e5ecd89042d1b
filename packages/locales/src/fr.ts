import type { Catalog } from './en.js';
import frApp from './fr/app.json' with { type: 'json' };
import frUi from './fr/ui.json' with { type: 'json' };
import frStaff from './fr/staff.json' with { type: 'json' };
import frPortal from './fr/portal.json' with { type: 'json' };
import frDevOutbox from './fr/devOutbox.json' with { type: 'json' };
import frEmail from './fr/email.json' with { type: 'json' };
import frCustomers from './fr/customers.json' with { type: 'json' };
import frRepairOrderForm from './fr/repairOrderForm.json' with { type: 'json' };
import frVinScan from './fr/vinScan.json' with { type: 'json' };
import frDashboard from './fr/dashboard.json' with { type: 'json' };
import frTraining from './fr/training.json' with { type: 'json' };
import frFiles from './fr/files.json' with { type: 'json' };
import frAdmin from './fr/admin.json' with { type: 'json' };
import frRepairOrders from './fr/repairOrders.json' with { type: 'json' };
import frInspections from './fr/inspections.json' with { type: 'json' };
import frMedia from './fr/media.json' with { type: 'json' };
import frInspectionPage from './fr/inspectionPage.json' with { type: 'json' };
import frEstimates from './fr/estimates.json' with { type: 'json' };
import frReportSending from './fr/reportSending.json' with { type: 'json' };
import frCustomerReport from './fr/customerReport.json' with { type: 'json' };
import frAppointments from './fr/appointments.json' with { type: 'json' };
import frTexting from './fr/texting.json' with { type: 'json' };
import frNotifications from './fr/notifications.json' with { type: 'json' };
import frShopChat from './fr/shopChat.json' with { type: 'json' };
import frWorkOrders from './fr/workOrders.json' with { type: 'json' };

/** The fr catalog, one JSON file per namespace (a module of its own: an app loads only the language in use). */
export const fr: Catalog = {
  app: frApp,
  ui: frUi,
  staff: frStaff,
  portal: frPortal,
  devOutbox: frDevOutbox,
  email: frEmail,
  dashboard: frDashboard,
  customers: frCustomers,
  repairOrderForm: frRepairOrderForm,
  vinScan: frVinScan,
  training: frTraining,
  files: frFiles,
  admin: frAdmin,
  repairOrders: frRepairOrders,
  inspections: frInspections,
  media: frMedia,
  inspectionPage: frInspectionPage,
  estimates: frEstimates,
  reportSending: frReportSending,
  customerReport: frCustomerReport,
  appointments: frAppointments,
  texting: frTexting,
  notifications: frNotifications,
  shopChat: frShopChat,
  workOrders: frWorkOrders,
};
