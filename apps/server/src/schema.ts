/**
 * Every table of the server in one object, for what needs them all: drizzle's relational queries
 * (`db.query.<table>`). Each table is declared beside its owner: a module's in
 * `modules/<module>/<module>.schema.ts`, those the platform itself reads in `platform/db/schema/`.
 * The platform imports no module, so it never imports this file: whoever opens a database (main.ts,
 * the test harness, the benchmarks) passes `tables` to it, and the declaration below gives the
 * platform's `Db` type the same tables. drizzle-kit reads the table files themselves
 * (apps/server/drizzle.config.ts), not this one.
 */
import * as idempotency from './platform/db/schema/idempotency.js';
import * as messages from './platform/db/schema/messages.js';
import * as outbox from './platform/db/schema/outbox.js';
import * as tenancy from './platform/db/schema/tenancy.js';
import * as users from './platform/db/schema/users.js';
import * as customers from './modules/customers/customers.schema.js';
import * as estimates from './modules/estimates/estimates.schema.js';
import * as identity from './modules/identity/identity.schema.js';
import * as inspections from './modules/inspections/inspections.schema.js';
import * as repairOrders from './modules/repair-orders/repair-orders.schema.js';
import * as reports from './modules/reports/reports.schema.js';
import * as training from './modules/training/training.schema.js';
import * as vehicleData from './modules/vehicle-data/vehicle-data.schema.js';
import * as vinScanner from './modules/vin-scanner/vin-scanner.schema.js';
import * as portal from './modules/portal/portal.schema.js';
import * as messaging from './modules/messaging/messaging.schema.js';
import * as notifications from './modules/notifications/notifications.schema.js';
import * as integrations from './modules/integrations/integrations.schema.js';

export const tables = {
  ...tenancy,
  ...users,
  ...outbox,
  ...idempotency,
  ...messages,
  ...identity,
  ...customers,
  ...vehicleData,
  ...training,
  ...vinScanner,
  ...repairOrders,
  ...inspections,
  ...estimates,
  ...reports,
  ...portal,
  ...messaging,
  ...notifications,
  ...integrations,
};

type AppTables = typeof tables;

declare module './platform/db/client.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends AppTables {}
}
