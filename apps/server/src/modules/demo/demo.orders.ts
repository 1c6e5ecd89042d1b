import { dayIn, orderNumberSortKey, startOfDayIn, storedStoreTimeZone, type OrderStates } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { createRepairOrdersRepository, type NewOrder } from '../repair-orders/repair-orders.repository.js';

type Who = 'advisor' | 'tech' | 'tech2' | null;

/** One demo order; times are offsets from "now" so the dashboard looks alive on any day. */
export interface DemoOrder {
  number: string | null;
  /** Index into the store's vehicles (demo.customers.ts order). */
  vehicle: number;
  states?: Partial<OrderStates>;
  technician?: Who;
  advisor?: Who;
  waiting?: boolean;
  finished?: boolean;
  /**
   * Written this many hours ago; an order in the shop (not an appointment, not closed) is written
   * today whatever the hour of the seed (`writtenAt`).
   */
  hoursAgo: number;
  /** An appointment: out of the shop, expected at start of today + this many hours. */
  appointmentAt?: number;
  /**
   * Promised to the customer this many hours after the seed, on the half hour (`promisedAt`);
   * negative: the promised time has passed. Appointments are promised four hours after they are
   * expected. None: no time promised yet.
   */
  promisedIn?: number;
  /** Closed this many days ago (vehicle history). */
  closedDaysAgo?: number;
  note?: string;
  mileageIn?: number;
}

const DONE: Partial<OrderStates> = { inspection: 'done', estimate: 'done', approval: 'done', report: 'done', parts: 'done', work: 'done' };

/** About thirty Downtown orders over every state, filter and person (docs/repair-orders.md "Demo data"). */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  // In the shop: one or more per dashboard filter.
  { number: '10231', vehicle: 0, states: { inspection: 'inProgress' }, technician: 'tech', advisor: 'advisor', waiting: true, hoursAgo: 1, promisedIn: 1.5, mileageIn: 84210 },
  { number: '10232', vehicle: 2, states: { inspection: 'notStarted' }, advisor: 'advisor', hoursAgo: 0.5, promisedIn: 5, note: 'Customer reports a vibration at highway speed' },
  { number: '10233', vehicle: 4, states: { inspection: 'done', estimate: 'inProgress' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 3, promisedIn: 4 },
  { number: '10234', vehicle: 6, states: { inspection: 'done', estimate: 'done', approval: 'pending' }, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 4, promisedIn: 1, waiting: true },
  { number: '10235', vehicle: 8, states: { inspection: 'done', estimate: 'done', approval: 'done', parts: 'inProgressHaveOrdered' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 6, promisedIn: 26 },
  { number: '10236', vehicle: 10, states: { inspection: 'done', estimate: 'done', approval: 'done', parts: 'inProgressSomeParts' }, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 7, promisedIn: 6 },
  { number: '10237', vehicle: 12, states: { inspection: 'done', estimate: 'done', approval: 'done', parts: 'done', work: 'inProgress' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 8, promisedIn: 2 },
  { number: '10238', vehicle: 14, states: { inspection: 'done', estimate: 'done', approval: 'done', parts: 'done', work: 'done', report: 'pending' }, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 9, promisedIn: 0.5 },
  { number: '10239', vehicle: 16, states: { inspection: 'done', estimate: 'done', approval: 'done', parts: 'done', work: 'done', report: 'inProgress' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 10, promisedIn: 1 },
  { number: '10240', vehicle: 18, states: DONE, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 11, promisedIn: -0.5 },
  { number: null, vehicle: 20, states: { inspection: 'pending' }, advisor: 'advisor', waiting: true, hoursAgo: 0.2, promisedIn: 1, note: 'Walk-in, no RO yet' },
  { number: 'A-17', vehicle: 22, states: { inspection: 'inProgress', estimate: 'pending' }, technician: 'tech', hoursAgo: 2, promisedIn: 3 },
  { number: '10241', vehicle: 24, states: { inspection: 'pending' }, technician: 'tech2', advisor: 'advisor', hoursAgo: 1.5, promisedIn: 1.5, waiting: true },
  { number: '10242', vehicle: 26, states: { inspection: 'inProgress', parts: 'pending' }, technician: 'tech', advisor: 'advisor', hoursAgo: 2.5, promisedIn: 6 },
  { number: '10243', vehicle: 28, states: { inspection: 'done', estimate: 'pending' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 5, promisedIn: 4.5 },
  { number: '10244', vehicle: 30, states: { inspection: 'notStarted' }, hoursAgo: 0.1 },
  { number: '10245', vehicle: 32, states: { inspection: 'done', estimate: 'done', approval: 'inProgress' }, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 5.5, promisedIn: 3 },
  { number: '10246', vehicle: 34, states: { inspection: 'done', estimate: 'done', approval: 'done', work: 'pending' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 12, promisedIn: 5 },
  // Jane's two cars, finished: their reports are priced, e-mailed and approved by demo.reports.ts.
  { number: '10260', vehicle: 0, states: { inspection: 'done' }, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 3, promisedIn: 4, mileageIn: 84210, note: 'Windshield cracked by a stone on the highway' },
  { number: '10261', vehicle: 1, states: { inspection: 'done' }, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 5, promisedIn: 6, mileageIn: 61450 },
  // Appointments: today, tomorrow and the coming days (one from yesterday that never came).
  { number: '10250', vehicle: 36, appointmentAt: 13, advisor: 'advisor', hoursAgo: 72 },
  { number: '10251', vehicle: 38, appointmentAt: 15.5, advisor: 'advisor', hoursAgo: 48 },
  { number: '10252', vehicle: 40, appointmentAt: 24 + 9, advisor: 'advisor', technician: 'tech', hoursAgo: 30 },
  { number: null, vehicle: 42, appointmentAt: 48 + 10.5, advisor: 'advisor', hoursAgo: 20 },
  { number: '10253', vehicle: 44, appointmentAt: 72 + 8, advisor: 'advisor', hoursAgo: 10 },
  { number: '10249', vehicle: 46, appointmentAt: -24 + 9, advisor: 'advisor', hoursAgo: 96 },
  // Closed in the past: vehicle history (jane@'s cars and the fleet vans are among the vehicles).
  { number: '10101', vehicle: 0, states: DONE, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 24 * 180, closedDaysAgo: 180, mileageIn: 76020 },
  // Jane's second car: one earlier visit, so both her cars have a history in the portal.
  { number: '10120', vehicle: 1, states: DONE, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 24 * 120, closedDaysAgo: 120, mileageIn: 55830 },
  { number: '10150', vehicle: 0, states: DONE, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 24 * 90, closedDaysAgo: 89, mileageIn: 80115 },
  { number: '10160', vehicle: 2, states: DONE, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 24 * 60, closedDaysAgo: 60 },
  { number: '10170', vehicle: 4, states: DONE, technician: 'tech2', advisor: 'advisor', finished: true, hoursAgo: 24 * 30, closedDaysAgo: 29 },
  { number: '10180', vehicle: 6, states: DONE, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 24 * 14, closedDaysAgo: 14 },
  { number: '10190', vehicle: 8, states: DONE, technician: 'tech', advisor: 'advisor', finished: true, hoursAgo: 24 * 7, closedDaysAgo: 7 },
];

const HOUR = 3_600_000;
/** The oldest car in the shop was written this long before the seed (10246, 12 hours). */
const SHOP_DAY_HOURS = 13;

/**
 * When a demo order was written. The cars in the shop are today's work, so that the owner's
 * figures of the day (cars, open tickets by stage) have something to show at any hour: their
 * hours are drawn closer to the seed's time when less than a shop's day has passed since
 * the store's midnight (in the same order). Appointments and closed orders keep their hours.
 */
export function writtenAt(
  plan: Pick<DemoOrder, 'hoursAgo' | 'appointmentAt' | 'closedDaysAgo'>,
  now: Date,
  timeZone: string,
): Date {
  const inTheShop = plan.appointmentAt === undefined && plan.closedDaysAgo === undefined;
  const startOfToday = startOfDayIn(dayIn(now, timeZone), timeZone);
  const scale = inTheShop ? Math.min(1, (now.getTime() - startOfToday.getTime()) / (SHOP_DAY_HOURS * HOUR)) : 1;
  return new Date(now.getTime() - plan.hoursAgo * HOUR * scale);
}

/** Hours an appointment's car is promised after it is expected: a morning's work. */
const APPOINTMENT_PROMISE_HOURS = 4;
const HALF_HOUR = HOUR / 2;

/**
 * The time promised to the customer, as a shop would say it: on the half hour, `promisedIn` hours
 * after the seed for a car in the shop, four hours after an appointment's; null when the plan
 * promises none (and for closed orders, whose promise is history).
 */
export function promisedAt(
  plan: Pick<DemoOrder, 'promisedIn' | 'appointmentAt' | 'closedDaysAgo'>,
  now: Date,
  timeZone: string,
): Date | null {
  if (plan.closedDaysAgo !== undefined) return null;
  const startOfToday = startOfDayIn(dayIn(now, timeZone), timeZone);
  const at =
    plan.appointmentAt !== undefined
      ? startOfToday.getTime() + (plan.appointmentAt + APPOINTMENT_PROMISE_HOURS) * HOUR
      : plan.promisedIn !== undefined
        ? now.getTime() + plan.promisedIn * HOUR
        : null;
  return at === null ? null : new Date(Math.ceil(at / HALF_HOUR) * HALF_HOUR);
}

/**
 * Seeds the Downtown demo orders after its customers (demo.seed.ts). Deterministic for a given
 * `now`; the vehicles are paired with their household's first customer.
 */
export async function seedDemoOrders(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const repo = createRepairOrdersRepository(tx as unknown as Db);
    const store = await repo.storeByName('Downtown');
    if (!store) return 0;
    const people = await repo.usersByUsername(['advisor', 'tech', 'tech2']);
    const idOf = (who: Who | undefined) => (who ? (people.find((u) => u.username === who)?.id ?? null) : null);
    const { customers, vehicles } = await repo.customersAndVehicles(store.id);
    // "Today" is the store's day, as its owner's figures and its dashboard count it.
    const timeZone = storedStoreTimeZone(store);
    const startOfToday = startOfDayIn(dayIn(now, timeZone), timeZone);
    let written = 0;
    for (const plan of DEMO_ORDERS) {
      const vehicle = vehicles[plan.vehicle % vehicles.length];
      const customer = vehicle && customers.find((c) => c.householdId === vehicle.householdId);
      if (!vehicle || !customer) continue;
      const states = { inspection: 'notStarted', estimate: 'notStarted', approval: 'notStarted', report: 'notStarted', parts: 'notStarted', work: 'notStarted', ...plan.states } as const;
      const createdAt = writtenAt(plan, now, timeZone);
      const appointment = plan.appointmentAt !== undefined;
      const values: NewOrder = {
        storeId: store.id,
        customerId: customer.id,
        vehicleId: vehicle.id,
        serviceAdvisorId: idOf(plan.advisor),
        technicianId: idOf(plan.technician),
        orderNumber: plan.number,
        orderNumberKey: orderNumberSortKey(plan.number),
        waiting: plan.waiting ?? false,
        note: plan.note ?? null,
        mileageIn: plan.mileageIn ?? null,
        vehicleInShop: !appointment && plan.closedDaysAgo === undefined,
        scheduled: appointment ? new Date(startOfToday.getTime() + plan.appointmentAt! * HOUR) : null,
        timePromised: promisedAt(plan, now, timeZone),
        stateInspection: states.inspection,
        stateEstimate: states.estimate,
        stateApproval: states.approval,
        stateReport: states.report,
        stateParts: states.parts,
        stateWork: states.work,
        finished: plan.finished ?? false,
        closed: plan.closedDaysAgo !== undefined,
        closedAt: plan.closedDaysAgo !== undefined ? new Date(now.getTime() - plan.closedDaysAgo * 24 * HOUR) : null,
        activities: [
          { type: 'created', date: createdAt.toISOString(), userId: idOf(plan.advisor) },
          ...(plan.finished ? [{ type: 'inspectionFinished', date: createdAt.toISOString(), userId: idOf(plan.technician) }] : []),
        ],
        createdAt,
      };
      await repo.insert(values);
      written++;
    }
    return written;
  });
}
