import { seedDemoWorkOrders, type DemoWorkOrderServices } from './demo.work-orders.js';
import type { Role } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { ZStoreSettings, type OpenDay } from '@servicebay/domain';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createDemoRepository } from './demo.repository.js';
import { demoHouseholds } from './demo.customers.js';
import { seedDemoPortalUsers } from './demo.portal.js';
import { seedDemoTodos } from './demo.todos.js';
import { seedDemoCourses } from './demo.training.js';
import { seedDemoOrders } from './demo.orders.js';
import { seedDemoInspections } from './demo.inspections.js';
import type { FileStore } from '../../platform/files/index.js';
import { seedDemoReports, type DemoReportServices } from './demo.reports.js';
import { seedDemoCannedJobs } from './demo.canned-jobs.js';
import { seedDemoTexting } from './demo.texting.js';
import { seedDemoNotifications } from './demo.notifications.js';
import { seedDemoInternalChat } from './demo.internal-chat.js';

/** Every demo user's password; listed in the README. */
export const DEMO_PASSWORD = 'Demo1234!';

interface DemoUser {
  username: string;
  type: Role;
  store?: 'downtown' | 'uptown' | 'northside' | 'harbourside';
  account?: 'demo' | 'north' | 'harbour';
  partner?: boolean;
  firstName: string;
  lastName: string;
  authorizedToRefund?: boolean;
  mandatoryTrainingComplete?: boolean;
}

/** The Downtown store's admin PIN, for the go-to-admin modal; listed in the README. */
export const DEMO_ADMIN_PIN = '2468';

/** The demo users of the identity issue; later issues add their data beside them. */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'owner', type: 'owner', account: 'demo', firstName: 'Olivia', lastName: 'Owens' },
  // An owner without an account yet: signing in opens the setup wizard (the e2e run completes it).
  { username: 'newowner', type: 'owner', firstName: 'Noah', lastName: 'Newcombe' },
  { username: 'manager', type: 'StoreManager', store: 'downtown', firstName: 'Marc', lastName: 'Martin' },
  { username: 'advisor', type: 'ServiceAdvisor', store: 'downtown', firstName: 'Ava', lastName: 'Dupont', authorizedToRefund: true },
  { username: 'tech', type: 'Technician', store: 'downtown', firstName: 'Theo', lastName: 'Tremblay' },
  { username: 'tech2', type: 'Technician', store: 'downtown', firstName: 'Tina', lastName: 'Gagnon' },
  { username: 'uptown-tech', type: 'Technician', store: 'uptown', firstName: 'Umar', lastName: 'Roy' },
  { username: 'store', type: 'Store', store: 'downtown', firstName: 'Downtown', lastName: 'Shop' },
  { username: 'analytics', type: 'AnalyticsViewer', account: 'demo', firstName: 'Anna', lastName: 'Lytics' },
  { username: 'payments', type: 'paymentManager', account: 'demo', firstName: 'Paul', lastName: 'Payette' },
  { username: 'root', type: 'root', firstName: 'Root', lastName: 'Admin' },
  { username: 'partner', type: 'partner', partner: true, firstName: 'Pat', lastName: 'Partner' },
  { username: 'north-advisor', type: 'ServiceAdvisor', store: 'northside', firstName: 'Nora', lastName: 'North' },
  // Changes its display language in the e2e run (staff-language), so no other spec sees French.
  { username: 'camille', type: 'ServiceAdvisor', store: 'northside', firstName: 'Camille', lastName: 'Bilodeau' },
  // Switches to the job board in the e2e run (staff-job-board), so the other specs keep the list.
  { username: 'board-advisor', type: 'ServiceAdvisor', store: 'downtown', firstName: 'Bea', lastName: 'Bordeleau' },
  // Switches Harbourside's theme in the e2e run (store-theme), so no other spec sees it change.
  { username: 'harbour-manager', type: 'ServiceManager', store: 'harbourside', firstName: 'Hugo', lastName: 'Harbour' },
  {
    username: 'newhire',
    type: 'Technician',
    store: 'downtown',
    firstName: 'Ned',
    lastName: 'Newman',
    mandatoryTrainingComplete: false,
  },
  // Takes the training end to end in the e2e run, so newhire stays untrained for the other specs.
  {
    username: 'trainee',
    type: 'Technician',
    store: 'downtown',
    firstName: 'Tara',
    lastName: 'Trainee',
    mandatoryTrainingComplete: false,
  },
];

/**
 * Fills an empty database with a believable shop network: three accounts, four stores and one
 * user per role of interest. Does nothing when any account exists, so it never touches real data.
 * Given the services (built once by modules/index.ts; main.ts passes them), Jane's two reports
 * are priced, sent and approved through them (demo.reports.ts).
 */
export async function seedDemoData(
  db: Db,
  files?: FileStore,
  services?: DemoReportServices & Partial<DemoWorkOrderServices> & { drainOutbox?: () => Promise<void> },
): Promise<boolean> {
  const repo = createDemoRepository(db);
  if (!(await repo.isEmpty())) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const adminPinHash = await hashPassword(DEMO_ADMIN_PIN);
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
  const hours: OpenDay[] = [
    ...weekdays.map((day) => ({ day, open: '08:00', close: '18:00' })),
    { day: 'saturday', open: '09:00', close: '13:00' },
    { day: 'sunday', open: 'closed' },
  ];
  const trainedWorkers: string[] = [];
  await repo.transaction(async (w) => {
    const partner = await w.partner('ServiceBay Partner Network');
    const demo = await w.account('Demo Auto Group', partner.id);
    const north = await w.account('Northside Garage', null);
    const harbour = await w.account('Harbourside Auto', null);
    const storesByKey = {
      downtown: await w.store({
        name: 'Downtown',
        franchiseName: 'Demo Auto Group',
        email: 'downtown@demo.servicebay.local',
        phoneNo: '(514) 555-0100',
        address: '100 Main Street, Montreal, QC',
        openTime: hours,
        adminPinHash,
        accountId: demo.id,
        partnerId: partner.id,
        settings: ZStoreSettings.parse({
          workflowVersion: '2',
          paymentsEnabled: true,
          inspectionTimeTrackerEnable: true,
          internalChatEnabled: true,
          // Linked to the local Protractor simulator, with clock-in (docs/integrations.md "Demo data").
          integration: { managementSystem: 'protractor', enabled: true, endpoint: 'local', enableClockIn: true },
          logoutByInactivity: { unit: 'hours', value: 8 },
          // The chat's canned messages (docs/texting.md "Screens"): one short, two longer than 25 characters.
          cannedMessages: [
            { text: 'Your vehicle is ready.' },
            { text: 'Your vehicle is ready for pickup. We are open until 6 pm.' },
            { text: 'We found something during the inspection: can you call us back?' },
          ],
          // Quebec's taxes on everything, in Canadian dollars (the demo estimates, demo.reports.ts).
          currency: 'CAD',
          taxes: [
            { name: 'GST', nameFr: 'TPS', ratePercent: 5, onLabour: true, onParts: true, onFees: true },
            { name: 'QST', nameFr: 'TVQ', ratePercent: 9.975, onLabour: true, onParts: true, onFees: true },
          ],
        }),
      }),
      uptown: await w.store({
        name: 'Uptown',
        franchiseName: 'Demo Auto Group',
        email: 'uptown@demo.servicebay.local',
        phoneNo: '(514) 555-0200',
        address: '200 Park Avenue, Montreal, QC',
        openTime: hours,
        accountId: demo.id,
        partnerId: partner.id,
        settings: ZStoreSettings.parse({ workflowVersion: '1' }),
      }),
      northside: await w.store({
        name: 'Northside',
        email: 'service@northside.example',
        phoneNo: '(416) 555-0300',
        address: '300 North Road, Toronto, ON',
        openTime: hours,
        accountId: north.id,
        partnerId: null,
        settings: ZStoreSettings.parse({ workflowVersion: '2' }),
      }),
      harbourside: await w.store({
        name: 'Harbourside',
        email: 'service@harbourside.example',
        phoneNo: '(902) 555-0400',
        address: '400 Water Street, Halifax, NS',
        openTime: hours,
        accountId: harbour.id,
        partnerId: null,
        settings: ZStoreSettings.parse({ workflowVersion: '2' }),
      }),
    };
    const accountsByKey = { demo, north, harbour };
    for (const store of Object.values(storesByKey)) await seedDemoCannedJobs(w, store.id);
    const workers = await w.users(
      DEMO_USERS.map((u) => {
        const store = u.store ? storesByKey[u.store] : undefined;
        const account = u.account ? accountsByKey[u.account] : undefined;
        return {
          username: u.username,
          passwordHash,
          type: u.type,
          firstName: u.firstName,
          lastName: u.lastName,
          email: `${u.username}@demo.servicebay.local`,
          authorizedToRefund: u.authorizedToRefund ?? false,
          mandatoryTrainingComplete: u.mandatoryTrainingComplete ?? true,
          storeId: store?.id ?? null,
          accountId: store?.accountId ?? account?.id ?? null,
          partnerId: u.partner ? partner.id : (store?.partnerId ?? account?.partnerId ?? null),
        };
      }),
    );
    trainedWorkers.push(...workers.filter((u) => u.mandatoryTrainingComplete).map((u) => u.id));
    const downtown = storesByKey.downtown.id;
    for (const plan of demoHouseholds()) {
      const [first, ...others] = plan.customers;
      const main = await w.customers.insertCustomer({ ...first!, storeId: downtown });
      for (const c of others) await w.customers.insertCustomer({ ...c, storeId: downtown, householdId: main.householdId });
      for (const v of plan.vehicles) await w.customers.insertVehicle({ ...v, storeId: downtown, householdId: main.householdId });
    }
    await seedDemoPortalUsers(w, storesByKey.downtown, passwordHash);
  });
  // Tickets come after the customers they are written for.
  await seedDemoOrders(db);
  await seedDemoTodos(db, (await repo.storeByName('Downtown'))!.id);
  await seedDemoTexting(db);
  await seedDemoInternalChat(db);
  // Inspections with generated pictures need the file store (main.ts and tests that pass one).
  if (files) await seedDemoInspections(db, files);
  // Estimates, sent reports and approvals need the inspections and the providers (mail, outbox).
  if (files && services) await seedDemoReports(db, services);
  // Work orders in the Protractor simulator for a few Downtown tickets, and tech's running clock.
  if (services?.integrations && services.protractorSimulator) {
    await seedDemoWorkOrders(db, { integrations: services.integrations, protractorSimulator: services.protractorSimulator });
  }
  // The approvals' notifications are made by the relay: let it finish before the demo's are settled.
  await services?.drainOutbox?.();
  await seedDemoNotifications(db);
  await seedDemoCourses(db, trainedWorkers);
  return true;
}
