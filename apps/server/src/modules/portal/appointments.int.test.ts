import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zonedClock, zonedInstant, dayDistance } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { appointments } from './appointments.schema.js';

/** A real SMTP server: the appointment e-mails travel to it over SMTP, attachments included. */
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        done();
      })
      .catch((error: Error) => done(error));
  },
});

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
let store: Store;
const ZONE = 'America/Toronto';
const HOURS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => ({ day, open: '08:00', close: '17:00' }));
let jane: { headers: Record<string, string>; customerId: string; car: string; van: string; email: string };
let neighbour: { headers: Record<string, string>; customerId: string; car: string };
let stranger: { car: string };
let advisor: Record<string, string>;

async function household(s: Store, vehicles: number) {
  const email = `${crypto.randomUUID()}@example.com`;
  const customer = await t.make.customer(s, { firstName: 'Jane', lastName: 'Doe', email });
  const made = [];
  for (let i = 0; i < vehicles; i++) {
    made.push(await t.make.vehicle(s, { householdId: customer.householdId, year: 2018 + i, make: 'Honda', model: 'Civic' }));
  }
  const user = await t.make.user('consumer', s, { customerId: customer.id });
  return { customer, email, vehicles: made, headers: await bearer(t.platform.tokens, user) };
}

/** The first day from `from` (YYYY-MM-DD) on whose weekday matches. */
function dayFrom(from: string, offset: number, sunday: boolean): string {
  for (let i = offset; i < offset + 8; i++) {
    const [y, m, d] = from.split('-').map(Number);
    const day = new Date(Date.UTC(y!, m! - 1, d! + i));
    if ((day.getUTCDay() === 0) === sunday) return day.toISOString().slice(0, 10);
  }
  throw new Error('no day');
}
const today = () => zonedClock(new Date(), ZONE).date;
const openDay = () => dayFrom(today(), 1, false);

const post = (url: string, headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const request = (who: { headers: Record<string, string>; customerId: string }, body: object, extra: Record<string, string> = {}) =>
  post(`/v2/api/customer/${who.customerId}/appointment`, who.headers, body, extra);
const rowsOf = (vehicleId: string) => t.platform.database.db.select().from(appointments).where(eq(appointments.vehicleId, vehicleId));
const mailTo = (address: string) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, mailFrom: 'ServiceBay <no-reply@garage.test>' });
  store = await t.make.store({ name: 'Downtown Auto' });
  await t.platform.database.db
    .update(stores)
    .set({ email: 'shop@garage.test', phoneNo: '(514) 555-0100', address: '12 Main St, Montréal', country: 'ca', state: 'QC', openTime: [...HOURS, { day: 'sunday', open: 'closed' }] })
    .where(eq(stores.id, store.id));
  const j = await household(store, 2);
  jane = { headers: j.headers, customerId: j.customer.id, car: j.vehicles[0]!.id, van: j.vehicles[1]!.id, email: j.email };
  const n = await household(store, 1);
  neighbour = { headers: n.headers, customerId: n.customer.id, car: n.vehicles[0]!.id };
  stranger = { car: (await household(await t.make.store({ name: 'Other Garage' }), 1)).vehicles[0]!.id };
  advisor = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('an appointment request', () => {
  let appointmentId: string;
  let orderId: string;

  it('books the day and slot as a ticket the shop sees under Appointments, and e-mails both with a calendar file', async () => {
    const day = openDay();
    const res = await request(jane, { vehicleId: jane.car, date: day, time: '10:00', requestedServices: ['Front brake pads', 'Winter tires'], notes: ' Rattle on the left ', language: 'fr' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const scheduled = zonedInstant(day, '10:00', ZONE).toISOString();
    expect(body).toMatchObject({
      customerId: jane.customerId,
      vehicleId: jane.car,
      date: day,
      time: '10:00',
      endTime: '10:30',
      scheduled,
      timeZone: ZONE,
      requestedServices: ['Front brake pads', 'Winter tires'],
      notes: 'Rattle on the left',
      language: 'fr',
      status: 'requested',
      confirmedAt: null,
    });
    appointmentId = body._id;
    orderId = body.inspectionOrderId;

    const order = (await get(`/v2/api/store/${store.id}/inspectionOrder/${orderId}`, advisor)).json();
    expect(order).toMatchObject({ vehicleInShop: false, scheduled, closed: false, customerId: jane.customerId, vehicleId: jane.car });
    const startOfToday = zonedInstant(today(), '00:00', ZONE).toISOString();
    const list = await get(
      `/v2/api/store/${store.id}/inspectionOrder?vehicleInShop=false&closed=false&sorting=scheduled,asc&scheduledFrom=${encodeURIComponent(startOfToday)}&size=20`,
      advisor,
    );
    expect(list.json()._embedded.inspectionOrder.map((o: { _id: string }) => o._id)).toContain(orderId);

    await expect.poll(() => mailTo(jane.email).length + mailTo('shop@garage.test').length).toBe(2);
    const [customerMail] = mailTo(jane.email);
    const [shopMail] = mailTo('shop@garage.test');
    expect(customerMail!.subject).toMatch(/^Demande de rendez-vous/);
    expect(customerMail!.text).toContain('Front brake pads');
    expect(customerMail!.text).toContain('Rattle on the left');
    expect(shopMail!.text).toContain(jane.email);
    for (const mail of [customerMail!, shopMail!]) {
      expect(mail.attachments).toHaveLength(1);
      const ics = mail.attachments[0]!;
      expect(ics.filename).toBe('appointment.ics');
      expect(ics.contentType).toBe('text/calendar');
      const text = ics.content.toString('utf8');
      expect(text).toContain('BEGIN:VEVENT');
      expect(text).toContain(`UID:${appointmentId}@servicebay`);
      expect(text).toContain(`DTSTART:${scheduled.replace(/[-:]/g, '').replace('.000', '')}`);
      expect(text).toContain('STATUS:TENTATIVE');
      expect(text).toContain('LOCATION:12 Main St\\, Montréal');
    }
  });

  it('is one appointment when sent twice, with or without the same Idempotency-Key, or at once', async () => {
    const day = openDay();
    const body = { vehicleId: jane.car, date: day, time: '10:00' };
    const mails = received.length;
    const again = await request(jane, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(appointmentId);

    const key = { 'idempotency-key': crypto.randomUUID() };
    const vanBody = { vehicleId: jane.van, date: day, time: '11:30' };
    const first = await request(jane, vanBody, key);
    const replay = await request(jane, vanBody, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()._id).toBe(first.json()._id);

    const together = await Promise.all([1, 2, 3].map(() => request(jane, { ...vanBody, time: '14:00' })));
    expect(new Set(together.map((r) => r.json()._id)).size).toBe(1);

    expect(await rowsOf(jane.car)).toHaveLength(1);
    expect(await rowsOf(jane.van)).toHaveLength(2);
    // Two new appointments, two e-mails each; the repeats sent nothing.
    await expect.poll(() => received.length).toBe(mails + 4);
  });

  it('refuses a past day, a closed day, a time outside the hours, and writes nothing', async () => {
    const yesterday = dayFrom(today(), -1, new Date(`${today()}T12:00:00Z`).getUTCDay() === 1);
    const cases: Array<[object, string]> = [
      [{ date: dayFrom(today(), -7, false), time: '10:00' }, 'date: the day is past'],
      [{ date: dayFrom(today(), 1, true), time: '10:00' }, 'date: the shop is closed that day'],
      [{ date: openDay(), time: '17:00' }, 'time: not an open time of that day'],
      [{ date: openDay(), time: '07:30' }, 'time: not an open time of that day'],
      [{ date: openDay(), time: '10:15' }, 'time: not an open time of that day'],
      [{ date: dayFrom(today(), 400, false), time: '10:00' }, 'date: at most 366 days ahead'],
    ];
    expect(dayDistance(yesterday, today())).toBeGreaterThan(0);
    for (const [body, message] of cases) {
      const res = await request(neighbour, { vehicleId: neighbour.car, ...body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message });
    }
    const bad = await request(neighbour, { vehicleId: neighbour.car, date: '2026-02-30', time: '10:00' });
    expect(bad.statusCode).toBe(400);
    const long = await request(neighbour, { vehicleId: neighbour.car, date: openDay(), time: '10:00', notes: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('notes');
    expect(await rowsOf(neighbour.car)).toHaveLength(0);
  });

  it("answers 404 for another household's vehicle or customer, and 403 to the shop's staff", async () => {
    const body = { date: openDay(), time: '09:00' };
    expect((await request(jane, { vehicleId: neighbour.car, ...body })).statusCode).toBe(404);
    expect((await request(jane, { vehicleId: stranger.car, ...body })).statusCode).toBe(404);
    expect((await request(jane, { vehicleId: crypto.randomUUID(), ...body })).statusCode).toBe(404);
    expect((await request({ headers: jane.headers, customerId: neighbour.customerId }, { vehicleId: neighbour.car, ...body })).statusCode).toBe(404);
    expect((await request({ headers: advisor, customerId: jane.customerId }, { vehicleId: jane.car, ...body })).statusCode).toBe(403);
    expect((await get(`/v2/api/vehicle/${jane.car}/appointment`, neighbour.headers)).statusCode).toBe(404);
    expect(await rowsOf(neighbour.car)).toHaveLength(0);
  });

  it("shows the vehicle's next appointment to the customer, and its ticket's to the shop", async () => {
    const next = await get(`/v2/api/vehicle/${jane.car}/appointment`, jane.headers);
    expect(next.statusCode).toBe(200);
    expect(next.json().appointment).toMatchObject({ _id: appointmentId, status: 'requested' });
    // The dashboard reads it with the rest of the vehicle.
    expect((await get(`/v2/api/vehicle/${jane.car}/overview`, jane.headers)).json().appointment).toEqual(next.json().appointment);
    expect((await get(`/v2/api/vehicle/${neighbour.car}/appointment`, neighbour.headers)).json()).toEqual({ appointment: null });
    const ofOrder = await get(`/v2/api/store/${store.id}/inspectionOrder/${orderId}/appointment`, advisor);
    expect(ofOrder.json().appointment).toMatchObject({ _id: appointmentId, requestedServices: ['Front brake pads', 'Winter tires'] });
  });

  it('is confirmed by the advisor from its ticket: the customer is e-mailed once and sees it confirmed', async () => {
    const url = `/v2/api/store/${store.id}/inspectionOrder/${orderId}/appointment/confirm`;
    const before = mailTo(jane.email).length;
    const shopBefore = mailTo('shop@garage.test').length;
    const res = await post(url, advisor, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: appointmentId, status: 'confirmed' });
    expect(res.json().confirmedAt).toBeTruthy();
    await expect.poll(() => mailTo(jane.email).length).toBe(before + 1);
    const mail = mailTo(jane.email).at(-1)!;
    expect(mail.subject).toMatch(/^Votre rendez-vous est confirmé/);
    const ics = mail.attachments[0]!.content.toString('utf8');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toContain('SEQUENCE:1');
    expect(mailTo('shop@garage.test')).toHaveLength(shopBefore);

    expect((await get(`/v2/api/vehicle/${jane.car}/appointment`, jane.headers)).json().appointment.status).toBe('confirmed');
    expect((await get(`/v2/api/vehicle/${jane.car}/overview`, jane.headers)).json().appointment.status).toBe('confirmed');
    const order = (await get(`/v2/api/store/${store.id}/inspectionOrder/${orderId}`, advisor)).json();
    expect(order.activities.map((a: { type: string }) => a.type)).toContain('appointmentConfirmed');

    const again = await post(url, advisor, {});
    expect(again.json().status).toBe('confirmed');
    expect(mailTo(jane.email)).toHaveLength(before + 1);
  });

  it('is refused on a ticket without one (404), a closed ticket (409), and to portal users (404, as every staff route)', async () => {
    const plain = await post(`/v2/api/store/${store.id}/inspectionOrder`, advisor, { customerId: jane.customerId, vehicleId: jane.van });
    expect(plain.statusCode).toBe(201);
    expect((await post(`/v2/api/store/${store.id}/inspectionOrder/${plain.json()._id}/appointment/confirm`, advisor, {})).statusCode).toBe(404);
    expect((await get(`/v2/api/store/${store.id}/inspectionOrder/${plain.json()._id}/appointment`, advisor)).json()).toEqual({ appointment: null });

    const booked = (await request(jane, { vehicleId: jane.van, date: openDay(), time: '15:30' })).json();
    expect((await post(`/v2/api/store/${store.id}/inspectionOrder/${booked.inspectionOrderId}/appointment/confirm`, jane.headers, {})).statusCode).toBe(404);
    expect((await post(`/v2/api/store/${store.id}/inspectionOrder/${booked.inspectionOrderId}/close`, advisor, {})).statusCode).toBe(200);
    const closed = await post(`/v2/api/store/${store.id}/inspectionOrder/${booked.inspectionOrderId}/appointment/confirm`, advisor, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('ORDER_CLOSED');
    // A closed ticket is no appointment any more: the van's next is the earliest still open.
    const next = (await get(`/v2/api/vehicle/${jane.van}/appointment`, jane.headers)).json().appointment;
    expect(next.time).toBe('11:30');
  });
});
