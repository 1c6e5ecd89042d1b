import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { refreshTokens, users } from '../../platform/db/schema/users.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let otherStore: Awaited<ReturnType<TestApp['make']['store']>>;
let manager: Awaited<ReturnType<TestApp['make']['user']>>;
let managerHeaders: Record<string, string>;
let ownerHeaders: Record<string, string>;
let techHeaders: Record<string, string>;
let otherManagerHeaders: Record<string, string>;

const base = () => `/v2/api/store/${store.id}/user`;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username, password } });

const newWorker = (over: object = {}) => ({
  username: `worker-${Math.random().toString(36).slice(2, 8)}`,
  type: 'Technician',
  firstName: 'Nina',
  lastName: 'Nouvel',
  email: 'nina@example.com',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example' });
  store = await t.make.store({ name: 'Downtown' });
  otherStore = await t.make.store({ name: 'Elsewhere' });
  manager = await t.make.user('StoreManager', store);
  managerHeaders = await bearer(t.platform.tokens, manager);
  ownerHeaders = await bearer(t.platform.tokens, await t.make.user('owner', store));
  techHeaders = await bearer(t.platform.tokens, await t.make.user('Technician', store));
  otherManagerHeaders = await bearer(t.platform.tokens, await t.make.user('StoreManager', otherStore));
});
afterAll(() => t?.close());

describe('store users', () => {
  it('creates a worker with a password, who can then sign in; new workers take the training first', async () => {
    const body = newWorker({ username: 'nina', password: 'Nina1234!', pin: '2580', title: 'Lube tech', language: 'fr' });
    const res = await send('POST', base(), managerHeaders, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'nina',
      type: 'Technician',
      title: 'Lube tech',
      language: 'fr',
      storeId: store.id,
      accountId: store.accountId,
      active: true,
      pinSet: true,
      mandatoryTrainingComplete: false,
    });
    expect((await login('nina', 'Nina1234!')).statusCode).toBe(200);
    const list = await send('GET', base(), managerHeaders);
    expect(list.json().map((u: { username: string }) => u.username)).toContain('nina');
  });

  it('mails the password link when asked', async () => {
    const res = await send('POST', base(), ownerHeaders, newWorker({ username: 'mailme', email: 'mailme@example.com', sendPasswordEmail: true }));
    expect(res.statusCode).toBe(201);
    const mails = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.to, 'mailme@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('https://shop.example/app/reset/password?token=');
    const again = await send('POST', `${base()}/${res.json()._id}/password/email`, managerHeaders);
    expect(again.statusCode).toBe(204);
  });

  it('refuses a taken username, whatever its case, with 409 and writes nothing', async () => {
    const res = await send('POST', base(), managerHeaders, newWorker({ username: 'NINA' }));
    expect(res.json()).toEqual({ status: 409, code: 'CONFLICT', message: 'The username NINA is already taken' });
    const count = await t.platform.database.db.select().from(users).where(eq(users.firstName, 'Nina'));
    expect(count.filter((u) => u.username.toLowerCase() === 'nina')).toHaveLength(1);
  });

  it('refuses bad input: invalid e-mail, roles a manager may not grant, weak password, e-mail needed for the link', async () => {
    expect((await send('POST', base(), managerHeaders, newWorker({ email: 'not-an-email' }))).json()).toMatchObject({
      status: 400,
      message: 'email: must be a valid e-mail address',
    });
    for (const type of ['root', 'partner', 'consumer', 'owner', 'Store']) {
      expect((await send('POST', base(), managerHeaders, newWorker({ type }))).statusCode).toBe(400);
    }
    expect((await send('POST', base(), managerHeaders, newWorker({ password: 'weak' }))).statusCode).toBe(400);
    expect((await send('POST', base(), managerHeaders, newWorker({ email: null, sendPasswordEmail: true }))).json()).toMatchObject({
      status: 400,
      message: 'email: an e-mail address is mandatory to send the password e-mail',
    });
  });

  it('edits a worker: role, names, refund, admin access, dashboard version, language', async () => {
    const created = (await send('POST', base(), managerHeaders, newWorker())).json();
    const res = await send('PUT', `${base()}/${created._id}`, managerHeaders, {
      type: 'ServiceAdvisor',
      firstName: 'Nadia',
      authorizedToRefund: true,
      isLegacy: true,
      dashboardVersion: 1,
      language: 'fr',
      title: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'ServiceAdvisor',
      firstName: 'Nadia',
      authorizedToRefund: true,
      isLegacy: true,
      dashboardVersion: 1,
      language: 'fr',
      title: null,
    });
    expect((await send('PUT', `${base()}/${created._id}`, managerHeaders, { username: 'nina' })).statusCode).toBe(409);
    expect((await send('PUT', `${base()}/${created._id}`, managerHeaders, { type: 'root' })).statusCode).toBe(400);
    expect((await send('PUT', `${base()}/${created._id}`, managerHeaders, {})).statusCode).toBe(400);
  });

  it("keeps managers from deactivating themselves or changing their own role", async () => {
    expect((await send('PUT', `${base()}/${manager.id}`, managerHeaders, { active: false })).json()).toMatchObject({
      status: 400,
      message: 'active: you cannot deactivate your own account',
    });
    expect((await send('PUT', `${base()}/${manager.id}`, managerHeaders, { type: 'Technician' })).statusCode).toBe(400);
  });

  it("deactivating ends the worker's sign-ins at once: access token refused, refresh revoked, login refused", async () => {
    const created = (await send('POST', base(), managerHeaders, newWorker({ username: 'leaving', password: 'Leave1234!' }))).json();
    const pair = (await login('leaving', 'Leave1234!')).json();
    const asWorker = { authorization: `Bearer ${pair.token}` };
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${created._id}`, headers: asWorker })).statusCode).toBe(200);

    const res = await send('PUT', `${base()}/${created._id}`, managerHeaders, { active: false });
    expect(res.json()).toMatchObject({ active: false });
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${created._id}`, headers: asWorker })).statusCode).toBe(401);
    const renewed = await t.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken: pair.refreshToken } });
    expect(renewed.statusCode).toBe(401);
    const tokens = await t.platform.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, created._id));
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await login('leaving', 'Leave1234!')).statusCode).toBe(401);
    expect((await send('POST', `${base()}/${created._id}/password/email`, managerHeaders)).statusCode).toBe(400);

    // Reactivated, the worker signs in again with new tokens.
    await send('PUT', `${base()}/${created._id}`, managerHeaders, { active: true });
    const back = (await login('leaving', 'Leave1234!')).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `/v2/api/user/${created._id}`, headers: { authorization: `Bearer ${back.token}` } })).statusCode,
    ).toBe(200);
  });

  it('sets a password (ending other sign-ins) and a PIN, and removes the PIN', async () => {
    const created = (await send('POST', base(), managerHeaders, newWorker({ username: 'pinned' }))).json();
    expect((await send('PUT', `${base()}/${created._id}/password`, managerHeaders, { password: 'weak' })).statusCode).toBe(400);
    // A password of spaces is no password: refused as invalid input, on creation as on change.
    expect((await send('PUT', `${base()}/${created._id}/password`, managerHeaders, { password: '          ' })).json()).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'password: must not be blank',
    });
    expect((await send('POST', base(), managerHeaders, newWorker({ username: 'blanked', password: '        ' }))).json()).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'password: must not be blank',
    });
    expect((await send('PUT', `${base()}/${created._id}/password`, managerHeaders, { password: 'Pinned123!' })).statusCode).toBe(204);
    expect((await login('pinned', 'Pinned123!')).statusCode).toBe(200);
    expect((await send('PUT', `${base()}/${created._id}/pin`, managerHeaders, { pin: '12' })).statusCode).toBe(400);
    expect((await send('PUT', `${base()}/${created._id}/pin`, managerHeaders, { pin: '4321' })).statusCode).toBe(204);
    const [row] = await t.platform.database.db.select().from(users).where(eq(users.id, created._id));
    expect(row!.pinHash).not.toBeNull();
    await send('PUT', `${base()}/${created._id}/pin`, managerHeaders, { pin: null });
    const [cleared] = await t.platform.database.db.select().from(users).where(eq(users.id, created._id));
    expect(cleared!.pinHash).toBeNull();
  });

  it("answers 404 for another store's worker, and 403 to technicians", async () => {
    const stranger = await t.make.user('Technician', otherStore);
    expect((await send('PUT', `${base()}/${stranger.id}`, managerHeaders, { firstName: 'X' })).statusCode).toBe(404);
    // Another store's manager naming its own store but this store's worker.
    const mine = (await send('POST', base(), managerHeaders, newWorker())).json();
    const via = await send('PUT', `/v2/api/store/${otherStore.id}/user/${mine._id}`, otherManagerHeaders, { firstName: 'X' });
    expect(via.statusCode).toBe(404);
    expect((await send('GET', base(), otherManagerHeaders)).statusCode).toBe(404);
    expect((await send('GET', base(), techHeaders)).statusCode).toBe(403);
    expect((await send('POST', base(), techHeaders, newWorker())).statusCode).toBe(403);
    const [unchanged] = await t.platform.database.db.select().from(users).where(eq(users.id, mine._id));
    expect(unchanged!.firstName).toBe('Nina');
  });
});

describe('store settings', () => {
  const settings = () => `/v2/api/store/${store.id}/settings`;

  it('saves settings, details, hours and the admin PIN, and every reader sees them at once', async () => {
    const res = await send('PUT', settings(), managerHeaders, {
      vinIsMandatory: true,
      workflowVersion: '1',
      logoutByInactivity: { unit: 'minutes', value: 30 },
      cannedMessages: [{ text: 'Your car is ready' }],
      integration: { managementSystem: 'protractor', enabled: true, endpoint: 'https://protractor.example' },
      phoneNo: '(514) 555-0199',
      email: 'shop@example.com',
      openTime: [
        { day: 'monday', open: '08:00', close: '17:30' },
        { day: 'sunday', open: 'closed' },
      ],
      adminPIN: '1357',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vinIsMandatory: true,
      workflowVersion: '1',
      paymentsEnabled: false,
      adminPINSet: true,
      phoneNo: '(514) 555-0199',
      integration: { managementSystem: 'protractor', enabled: true, twoWay: false },
    });
    // A technician of the store reads the store as it now is.
    const seen = await send('GET', `/v1/api/store/${store.id}`, techHeaders);
    expect(seen.json()).toMatchObject({ vinIsMandatory: true, workflowVersion: '1', cannedMessages: [{ text: 'Your car is ready' }] });
    // Only what is sent changes.
    const next = await send('PUT', settings(), managerHeaders, { paymentsEnabled: true });
    expect(next.json()).toMatchObject({ paymentsEnabled: true, vinIsMandatory: true, adminPINSet: true });
    // The PIN works for the admin-area entry.
    const pin = await t.app.inject({
      method: 'POST',
      url: '/v2/api/store/login/admin-pin',
      headers: managerHeaders,
      payload: { adminPIN: '1357', storeId: store.id },
    });
    expect(pin.statusCode).toBe(204);
  });

  it('refuses hours closing before they open, bad e-mails and phones, unknown settings; nothing is written', async () => {
    const before = (await t.platform.database.db.select().from(stores).where(eq(stores.id, store.id)))[0]!;
    const closesEarly = await send('PUT', settings(), managerHeaders, {
      vinIsMandatory: false,
      openTime: [{ day: 'tuesday', open: '17:00', close: '08:00' }],
    });
    expect(closesEarly.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'openTime: tuesday must close after it opens' });
    expect((await send('PUT', settings(), managerHeaders, { email: 'nope' })).json()).toMatchObject({
      message: 'email: must be a valid e-mail address',
    });
    expect((await send('PUT', settings(), managerHeaders, { phoneNo: '555' })).json()).toMatchObject({
      message: 'phoneNo: must be a phone number of 10 digits',
    });
    expect((await send('PUT', settings(), managerHeaders, { darkOrLightTheme: 'pink' })).statusCode).toBe(400);
    expect((await send('PUT', settings(), managerHeaders, { adminPIN: '12' })).statusCode).toBe(400);
    expect((await send('PUT', settings(), managerHeaders, { name: '' })).statusCode).toBe(400);
    expect((await send('PUT', settings(), managerHeaders, { surprise: true })).statusCode).toBe(400);
    expect((await send('PUT', settings(), managerHeaders, {})).statusCode).toBe(400);
    const after = (await t.platform.database.db.select().from(stores).where(eq(stores.id, store.id)))[0]!;
    expect(after.settings).toEqual(before.settings);
    expect(after.openTime).toEqual(before.openTime);
  });

  it("keeps the address's state on its country's list: a refused state names the field, a Canadian province is kept", async () => {
    const refused = await send('PUT', settings(), managerHeaders, { country: 'us', state: 'QC' });
    expect(refused.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'state: must be a state of the United States' });
    const alone = await send('PUT', settings(), managerHeaders, { state: 'NY' });
    expect(alone.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS', message: 'state: country and state are changed together' });
    const stored = (await t.platform.database.db.select().from(stores).where(eq(stores.id, store.id)))[0]!;
    expect(stored).toMatchObject({ country: 'us', state: null });

    const kept = await send('PUT', settings(), managerHeaders, { country: 'ca', state: 'qc' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ country: 'ca', state: 'QC' });
    await send('PUT', settings(), managerHeaders, { country: 'us', state: null });
  });

  it('takes effect on the next ticket save: VIN mandatory refuses a vehicle without VIN, and no longer once off', async () => {
    const customer = await t.make.customer(store);
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    const ticket = () =>
      send('POST', `/v2/api/store/${store.id}/inspectionOrder`, managerHeaders, { customerId: customer.id, vehicleId: vehicle.id });
    await send('PUT', settings(), managerHeaders, { vinIsMandatory: true });
    expect((await ticket()).json()).toMatchObject({ status: 400, code: 'VIN_IS_MANDATORY' });
    await send('PUT', settings(), managerHeaders, { vinIsMandatory: false });
    expect((await ticket()).statusCode).toBe(201);
  });

  it('removes the admin PIN with null', async () => {
    const res = await send('PUT', settings(), ownerHeaders, { adminPIN: null });
    expect(res.json()).toMatchObject({ adminPINSet: false });
  });

  it("is for the store's owners and managers: technicians 403, other stores 404", async () => {
    expect((await send('PUT', settings(), techHeaders, { vinIsMandatory: false })).statusCode).toBe(403);
    expect((await send('PUT', settings(), otherManagerHeaders, { vinIsMandatory: false })).statusCode).toBe(404);
  });
});
