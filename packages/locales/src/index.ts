/// <reference types="i18next" />
import enApp from './en/app.json' with { type: 'json' };
import frApp from './fr/app.json' with { type: 'json' };
import enUi from './en/ui.json' with { type: 'json' };
import frUi from './fr/ui.json' with { type: 'json' };
import enStaff from './en/staff.json' with { type: 'json' };
import frStaff from './fr/staff.json' with { type: 'json' };
import enPortal from './en/portal.json' with { type: 'json' };
import frPortal from './fr/portal.json' with { type: 'json' };
import enDevOutbox from './en/devOutbox.json' with { type: 'json' };
import frDevOutbox from './fr/devOutbox.json' with { type: 'json' };
import enEmail from './en/email.json' with { type: 'json' };
import frEmail from './fr/email.json' with { type: 'json' };
import enCustomers from './en/customers.json' with { type: 'json' };
import frCustomers from './fr/customers.json' with { type: 'json' };
import enRepairOrderForm from './en/repairOrderForm.json' with { type: 'json' };
import frRepairOrderForm from './fr/repairOrderForm.json' with { type: 'json' };
import enVinScan from './en/vinScan.json' with { type: 'json' };
import frVinScan from './fr/vinScan.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import frDashboard from './fr/dashboard.json' with { type: 'json' };
import enTraining from './en/training.json' with { type: 'json' };
import frTraining from './fr/training.json' with { type: 'json' };
import enFiles from './en/files.json' with { type: 'json' };
import frFiles from './fr/files.json' with { type: 'json' };
import enAdmin from './en/admin.json' with { type: 'json' };
import frAdmin from './fr/admin.json' with { type: 'json' };
import enRepairOrders from './en/repairOrders.json' with { type: 'json' };
import frRepairOrders from './fr/repairOrders.json' with { type: 'json' };
import enInspections from './en/inspections.json' with { type: 'json' };
import frInspections from './fr/inspections.json' with { type: 'json' };
import enMedia from './en/media.json' with { type: 'json' };
import frMedia from './fr/media.json' with { type: 'json' };
import enInspectionPage from './en/inspectionPage.json' with { type: 'json' };
import frInspectionPage from './fr/inspectionPage.json' with { type: 'json' };
import enEstimates from './en/estimates.json' with { type: 'json' };
import frEstimates from './fr/estimates.json' with { type: 'json' };
import enReportSending from './en/reportSending.json' with { type: 'json' };
import frReportSending from './fr/reportSending.json' with { type: 'json' };
import enCustomerReport from './en/customerReport.json' with { type: 'json' };
import frCustomerReport from './fr/customerReport.json' with { type: 'json' };
import enAppointments from './en/appointments.json' with { type: 'json' };
import frAppointments from './fr/appointments.json' with { type: 'json' };
import enTexting from './en/texting.json' with { type: 'json' };
import frTexting from './fr/texting.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import frNotifications from './fr/notifications.json' with { type: 'json' };
import enWorkOrders from './en/workOrders.json' with { type: 'json' };
import frWorkOrders from './fr/workOrders.json' with { type: 'json' };
import enShopChat from './en/shopChat.json' with { type: 'json' };
import frShopChat from './fr/shopChat.json' with { type: 'json' };

/**
 * The en and fr catalogs, one JSON file per namespace and language. en is the reference:
 * fr must hold every key en holds (checked by catalogs.test.ts).
 *
 * A namespace is added as src/en/<ns>.json + src/fr/<ns>.json and one entry in each object below;
 * the server serves the whole catalog of a language at /i18n/{lng}.i18n.json.
 */
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

export const catalogs = { en, fr } as const;
export type CatalogLanguage = keyof typeof catalogs;
export type Namespace = keyof Catalog;
export const NAMESPACES = Object.keys(en) as Namespace[];

// Typed keys: t('ui:back') compiles, a misspelt key does not. (The reference above brings
// i18next's types into every program that imports the catalogs, which an augmentation needs.)
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'app';
    resources: Catalog;
  }
}
