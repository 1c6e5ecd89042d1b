import {
  appointmentRefusal,
  errors,
  slotEnd,
  zonedClock,
  zonedInstant,
  type Appointment,
  type Household,
  type Language,
  type PortalStore,
  type Role,
  type ZAppointmentRequest,
} from '@servicebay/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { MailProvider } from '../../platform/mail/index.js';
import type { RepairOrdersService } from '../repair-orders/index.js';
import { appointmentMessages, type AppointmentMailFacts } from './appointment-mail.js';
import { createAppointmentsRepository, type AppointmentRow, type AppointmentsRepository } from './appointments.repository.js';

/** What appointments need of the portal and of other modules, plugged in by the composition root. */
export interface AppointmentsDeps {
  db: Db;
  /** The orders module's door: the ticket that holds an appointment, and changes of it. */
  orders: Pick<RepairOrdersService, 'bookAppointment' | 'orderWork'>;
  /** The store as the portal shows it (hours and time zone). */
  store: (storeId: string) => Promise<PortalStore>;
  /** The shop's own e-mail address (where requests go); null when it has none. */
  shopEmail: (storeId: string) => Promise<string | null>;
  household: (storeId: string, customerId: string) => Promise<Household>;
  vehicleHome: (vehicleId: string) => Promise<{ storeId: string; householdId: string | null } | null>;
  customerHousehold: (customerId: string) => Promise<string | null>;
  /** Records one of the portal's analytics events. */
  logEvent: (caller: { userId: string; customerId: string | null; storeId: string }, data: Record<string, string>) => Promise<void>;
  mail: MailProvider;
  logger: Logger;
  now?: () => Date;
}

export type AppointmentRequestBody = z.output<typeof ZAppointmentRequest>;

const present = (row: AppointmentRow): Appointment => ({
  _id: row.id,
  inspectionOrderId: row.inspectionOrderId,
  customerId: row.customerId,
  vehicleId: row.vehicleId,
  date: row.day,
  time: row.time,
  endTime: slotEnd(row.time),
  scheduled: row.scheduled.toISOString(),
  timeZone: row.timeZone,
  requestedServices: row.requestedServices,
  notes: row.notes,
  language: row.language === 'fr' ? 'fr' : 'en',
  status: row.status === 'confirmed' ? 'confirmed' : 'requested',
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const nameOf = (c: { business: string | null; firstName: string | null; lastName: string | null }) =>
  c.business?.trim() || [c.firstName, c.lastName].filter(Boolean).join(' ').trim();

export function createAppointmentsService(deps: AppointmentsDeps) {
  const now = deps.now ?? (() => new Date());
  const repo: AppointmentsRepository = createAppointmentsRepository(deps.db);

  /** Sends an appointment's e-mails after the commit; a refused e-mail is logged, never undoes the appointment. */
  async function sendMail(storeId: string, row: AppointmentRow, sequence: number) {
    const [store, shopEmail, household] = await Promise.all([deps.store(storeId), deps.shopEmail(storeId), deps.household(storeId, row.customerId)]);
    const customer = household.customers.find((c) => c._id === row.customerId);
    const vehicle = household.vehicles.find((v) => v._id === row.vehicleId);
    const facts: AppointmentMailFacts = {
      id: row.id,
      scheduled: row.scheduled,
      timeZone: row.timeZone,
      requestedServices: row.requestedServices,
      notes: row.notes,
      status: row.status === 'confirmed' ? 'confirmed' : 'requested',
      sequence,
      store: { name: store.franchiseName || store.name, email: shopEmail, phoneNo: store.phoneNo, address: store.address },
      customer: {
        name: customer ? nameOf(customer) : '',
        email: customer?.email ?? null,
        phoneNo: customer?.primaryPhone ?? customer?.mobilePhone ?? null,
      },
      vehicle: vehicle ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null : null,
    };
    const language: Language = row.language === 'fr' ? 'fr' : 'en';
    for (const { audience, ...message } of appointmentMessages(facts, language, storeId, now())) {
      try {
        await deps.mail.send(message);
      } catch (error) {
        deps.logger.warn({ err: error, appointmentId: row.id, audience }, 'appointment e-mail not sent');
      }
    }
  }

  return {
    /**
     * A portal customer's request: the vehicle must be its household's (404), the day and slot
     * open in the store's time zone (400). The ticket and the request are written together; the
     * same vehicle and time while the ticket is open answer the appointment already made, with no
     * second e-mail.
     */
    async request(storeId: string, customerId: string, caller: { id: string; role: Role }, body: AppointmentRequestBody): Promise<Appointment> {
      const [home, householdId] = await Promise.all([deps.vehicleHome(body.vehicleId), deps.customerHousehold(customerId)]);
      if (!home || home.storeId !== storeId || !householdId || home.householdId !== householdId) throw errors.notFound();
      const store = await deps.store(storeId);
      const refusal = appointmentRefusal(body.date, body.time, store.openTime, now(), store.timeZone);
      if (refusal) throw errors.invalid(refusal.message);
      const scheduled = zonedInstant(body.date, body.time, store.timeZone);
      const { row, created } = await deps.orders.bookAppointment(
        storeId,
        { customerId, vehicleId: body.vehicleId, scheduled },
        { id: caller.id, role: caller.role },
        async (tx, booked) => {
          const appointments = createAppointmentsRepository(tx);
          const existing = booked.created ? null : await appointments.byOrder(storeId, booked.id);
          if (existing) return { row: existing, created: false };
          const inserted = await appointments.insert({
            storeId,
            inspectionOrderId: booked.id,
            customerId,
            vehicleId: body.vehicleId,
            day: body.date,
            time: body.time,
            timeZone: store.timeZone,
            scheduled,
            requestedServices: body.requestedServices,
            notes: body.notes,
            language: body.language ?? 'en',
            requestedBy: caller.id,
          });
          return { row: inserted, created: true };
        },
      );
      if (created) {
        await sendMail(storeId, row, 0);
        await deps
          .logEvent({ userId: caller.id, customerId, storeId }, { date: body.date, time: body.time })
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'sendAppointment not logged'));
      }
      return present(row);
    },

    /** The vehicle's next appointment from the start of the store's today, while its ticket is open and the vehicle not in. */
    async next(storeId: string, vehicleId: string): Promise<Appointment | null> {
      const store = await deps.store(storeId);
      const today = zonedInstant(zonedClock(now(), store.timeZone).date, '00:00', store.timeZone);
      const row = await repo.nextOfVehicle(storeId, vehicleId, today);
      return row ? present(row) : null;
    },

    /** The appointment a ticket holds, for the shop; null when none. */
    async ofOrder(storeId: string, inspectionOrderId: string): Promise<Appointment | null> {
      const row = await repo.byOrder(storeId, inspectionOrderId);
      return row ? present(row) : null;
    },

    /**
     * An advisor confirms the appointment a ticket holds: written with the ticket locked (a
     * closed ticket is 409 ORDER_CLOSED), an activity on the ticket, then the customer's e-mail
     * with the calendar file. Confirming again changes and sends nothing.
     */
    async confirm(storeId: string, inspectionOrderId: string, caller: { id: string }): Promise<Appointment> {
      let confirmed: AppointmentRow | null = null;
      const row = await deps.orders.orderWork(
        storeId,
        inspectionOrderId,
        async (tx, order) => {
          const appointments = createAppointmentsRepository(tx);
          const current = await appointments.byOrder(storeId, inspectionOrderId);
          if (!current) throw errors.notFound();
          const at = now();
          confirmed = await appointments.confirm(storeId, current.id, caller.id, at);
          if (!confirmed) return {};
          return { activities: [...order.activities, { type: 'appointmentConfirmed', date: at.toISOString(), userId: caller.id }] };
        },
        async (tx) => (await createAppointmentsRepository(tx).byOrder(storeId, inspectionOrderId))!,
      );
      if (confirmed) await sendMail(storeId, row, 1);
      return present(row);
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
