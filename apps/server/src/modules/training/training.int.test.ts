import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { users } from '../../platform/db/schema/users.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
type UserRow = typeof users.$inferSelect;

const section = { title: { en: 'Why', fr: 'Pourquoi' }, body: { en: ['Read this.'], fr: ['Lisez ceci.'] } };
let safety: { id: string };
let dvi: { id: string };
let optional: { id: string };

const asUser = async (user: UserRow) => bearer(t.platform.tokens, user);
const list = async (caller: UserRow, userId = caller.id) =>
  t.app.inject({ method: 'GET', url: `/v2/api/user/${userId}/course`, headers: await asUser(caller) });
const complete = async (caller: UserRow, courseId: string, userId = caller.id) =>
  t.app.inject({ method: 'POST', url: `/v2/api/user/${userId}/course/${courseId}/complete`, headers: await asUser(caller) });
const trainee = async () => {
  const user = await t.make.user('Technician', store);
  const [row] = await t.platform.database.db.update(users).set({ mandatoryTrainingComplete: false }).where(eq(users.id, user.id)).returning();
  return row!;
};
const flagOf = async (userId: string) =>
  (await t.platform.database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, userId) }))!.mandatoryTrainingComplete;
const eventsFor = async (userId: string) =>
  // In the order written: without an order by, PostgreSQL may return rows the relay updated in any order.
  (await t.platform.database.db.select().from(outboxEvents).orderBy(asc(outboxEvents.id))).filter(
    (e) => e.topic === `user/${userId}/courseCompleted`,
  );

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  optional = await t.make.course({ titleEn: 'Extra', titleFr: 'En plus', rank: 30, sections: [section] });
  safety = await t.make.course({ titleEn: 'Safety', titleFr: 'Sécurité', mandatory: true, rank: 10, sections: [section] });
  dvi = await t.make.course({ titleEn: 'The DVI', titleFr: 'L’inspection', mandatory: true, rank: 20, sections: [section] });
  await t.make.course({ titleEn: 'Retired', titleFr: 'Retiré', mandatory: true, rank: 5, active: false });
});
afterAll(() => t?.close());

describe('GET /v2/api/user/{userId}/course', () => {
  it('lists the active courses in order with the user’s completions', async () => {
    const user = await trainee();
    const res = await list(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mandatoryTrainingComplete).toBe(false);
    expect(body._embedded.course.map((c: { title: { en: string } }) => c.title.en)).toEqual(['Safety', 'The DVI', 'Extra']);
    expect(body._embedded.course[0]).toMatchObject({
      _id: safety.id,
      title: { en: 'Safety', fr: 'Sécurité' },
      mandatory: true,
      completed: false,
      completedAt: null,
      sections: [section],
    });
  });

  it('lets a manager of the store read a worker’s training, but not another worker (403)', async () => {
    const user = await trainee();
    const manager = await t.make.user('StoreManager', store);
    const coworker = await t.make.user('Technician', store);
    expect((await list(manager, user.id)).statusCode).toBe(200);
    expect((await list(coworker, user.id)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('answers 404 for a user of another store, and 404 for an unknown user', async () => {
    const user = await trainee();
    const stranger = await t.make.user('StoreManager', await t.make.store({ name: 'Elsewhere' }));
    expect((await list(stranger, user.id)).statusCode).toBe(404);
    expect((await list(stranger, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /v2/api/user/{userId}/course/{courseId}/complete', () => {
  it('completes courses, flips the flag once every mandatory course is done, and publishes each completion', async () => {
    const user = await trainee();
    const first = await complete(user, safety.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ course: { _id: safety.id, completed: true }, mandatoryTrainingComplete: false });
    expect(first.json().course.completedAt).toEqual(expect.any(String));
    expect(await flagOf(user.id)).toBe(false);

    // The optional course does not count towards the mandatory training.
    expect((await complete(user, optional.id)).json().mandatoryTrainingComplete).toBe(false);

    const last = await complete(user, dvi.id);
    expect(last.json()).toMatchObject({ course: { _id: dvi.id, completed: true }, mandatoryTrainingComplete: true });
    expect(await flagOf(user.id)).toBe(true);
    expect((await list(user)).json()).toMatchObject({ mandatoryTrainingComplete: true });

    const events = await eventsFor(user.id);
    expect(events.map((e) => e.payload)).toEqual([
      { userId: user.id, courseId: safety.id, mandatoryTrainingComplete: false },
      { userId: user.id, courseId: optional.id, mandatoryTrainingComplete: false },
      { userId: user.id, courseId: dvi.id, mandatoryTrainingComplete: true },
    ]);
  });

  it('completing a course again keeps the first time and publishes nothing more', async () => {
    const user = await trainee();
    const first = (await complete(user, safety.id)).json();
    const again = await complete(user, safety.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().course.completedAt).toBe(first.course.completedAt);
    expect(await eventsFor(user.id)).toHaveLength(1);
  });

  it('refuses to complete someone else’s course (404), an unknown or retired course (404), and a bad id (400)', async () => {
    const user = await trainee();
    const manager = await t.make.user('StoreManager', store);
    expect((await complete(manager, safety.id, user.id)).statusCode).toBe(404);
    expect((await complete(user, crypto.randomUUID())).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await list(user)).json()._embedded.course.every((c: { completed: boolean }) => !c.completed)).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: `/v2/api/user/${user.id}/course/nope/complete`, headers: await asUser(user) });
    expect(bad.statusCode).toBe(400);
    expect(await flagOf(user.id)).toBe(false);
  });

  it('refuses portal users (their training is not a thing) and anonymous callers', async () => {
    const customer = await t.make.customer(store);
    const consumer = await t.make.user('consumer', store, { customerId: customer.id });
    expect((await complete(consumer, safety.id)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v2/api/user/${consumer.id}/course` });
    expect(anonymous.statusCode).toBe(401);
  });
});
