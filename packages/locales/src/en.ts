import enApp from './en/app.json' with { type: 'json' };
import enUi from './en/ui.json' with { type: 'json' };
import enStaff from './en/staff.json' with { type: 'json' };
import enPortal from './en/portal.json' with { type: 'json' };
import enDevOutbox from './en/devOutbox.json' with { type: 'json' };
import enEmail from './en/email.json' with { type: 'json' };
import enCustomers from './en/customers.json' with { type: 'json' };
import enRepairOrderForm from './en/repairOrderForm.json' with { type: 'json' };
import enVinScan from './en/vinScan.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import enTraining from './en/training.json' with { type: 'json' };
import enFiles from './en/files.json' with { type: 'json' };
import enAdmin from './en/admin.json' with { type: 'json' };
import enRepairOrders from './en/repairOrders.json' with { type: 'json' };
import enInspections from './en/inspections.json' with { type: 'json' };
import enMedia from './en/media.json' with { type: 'json' };
import enInspectionPage from './en/inspectionPage.json' with { type: 'json' };
import enEstimates from './en/estimates.json' with { type: 'json' };
import enReportSending from './en/reportSending.json' with { type: 'json' };
import enCustomerReport from './en/customerReport.json' with { type: 'json' };
import enAppointments from './en/appointments.json' with { type: 'json' };
import enTexting from './en/texting.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enShopChat from './en/shopChat.json' with { type: 'json' };
import enWorkOrders from './en/workOrders.json' with { type: 'json' };

/** The en catalog, one JSON file per namespace (a module of its own: an app loads only the language in use). */
export const en = {
  app: enApp,
  ui: enUi,
  staff: enStaff,
  portal: enPortal,
  devOutbox: enDevOutbox,
  email: enEmail,
  dashboard: enDashboard,
  customers: enCustomers,
  repairOrderForm: enRepairOrderForm,
  vinScan: enVinScan,
  training: enTraining,
  files: enFiles,
  admin: enAdmin,
  repairOrders: enRepairOrders,
  inspections: enInspections,
  media: enMedia,
  inspectionPage: enInspectionPage,
  estimates: enEstimates,
  reportSending: enReportSending,
  customerReport: enCustomerReport,
  appointments: enAppointments,
  texting: enTexting,
  notifications: enNotifications,
  shopChat: enShopChat,
  workOrders: enWorkOrders,
};

export type Catalog = typeof en;
