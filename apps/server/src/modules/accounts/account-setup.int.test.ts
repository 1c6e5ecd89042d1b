import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { AccountSetupInput } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { accounts, stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';

let t: TestApp;
let someStore: Awaited<ReturnType<TestApp['make']['store']>>;

const setup = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/v2/api/account', headers, payload });

/** An owner without an account, signed in with a password (so its session can be renewed). */
async function newOwner(name: string) {
  const owner = await t.make.user('owner', someStore);
  await t.platform.database.db
    .update(users)
    .set({ username: name, accountId: null, partnerId: null, passwordHash: await hashPassword('Owner1234!') })
    .where(eq(users.id, owner.id));
  const login = await t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username: name, password: 'Owner1234!' } });
  const pair = login.json() as { token: string; refreshToken: string };
  return { id: owner.id, pair, headers: { authorization: `Bearer ${pair.token}` } };
}

const week = [
  { day: 'monday', open: '08:00', close: '17:00' },
  { day: 'tuesday', open: '08:00', close: '17:00' },
  { day: 'sunday', open: 'closed' },
];

function body(suffix: string, overrides: Partial<AccountSetupInput> = {}): AccountSetupInput {
  return {
    account: { name: `Garage ${suffix}` },
    store: { name: 'Main Street', email: 'main@example.com', phoneNo: '(514) 555-0100', address: '1 Main Street', openTime: week } as AccountSetupInput['store'],
    workers: [
      { username: `tech-${suffix}`, firstName: 'Tom', lastName: 'Tech', type: 'Technician', email: `tech-${suffix}@example.com` },
      { username: `adv-${suffix}`, firstName: 'Ada', type: 'ServiceAdvisor', email: `adv-${suffix}@example.com`, language: 'fr' },
    ],
    ...overrides,
  };
}

async function countRows() {
  const db = t.platform.database.db;
  return {
    accounts: (await db.select().from(accounts)).length,
    stores: (await db.select().from(stores)).length,
    users: (await db.select().from(users)).length,
  };
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example' });
  someStore = await t.make.store({ name: 'Existing' });
});
afterAll(() => t?.close());

describe('setup wizard: POST /v2/api/account', () => {
  it('opens the account, its store and workers; the owner joins it and its renewed token carries it', async () => {
    const owner = await newOwner('fresh-owner');
    const res = await setup(owner.headers, body('a'));
    expect(res.statusCode).toBe(201);
    const { account, store, workers } = res.json();
    expect(account).toMatchObject({ name: 'Garage a', storeCount: 1, partnerId: null });
    expect(store).toMatchObject({ name: 'Main Street', email: 'main@example.com', address: '1 Main Street', accountId: account._id, workflowVersion: '2' });
    expect(store.openTime).toEqual(week);
    expect(workers.map((w: { username: string; type: string }) => [w.username, w.type])).toEqual([
      ['tech-a', 'Technician'],
      ['adv-a', 'ServiceAdvisor'],
    ]);
    expect(workers.every((w: { storeId: string; mandatoryTrainingComplete: boolean }) => w.storeId === store._id && !w.mandatoryTrainingComplete)).toBe(true);

    const stored = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, owner.id) });
    expect(stored).toMatchObject({ accountId: account._id, storeId: null });

    // Each worker receives the password e-mail, in its language.
    const mails = await t.platform.database.db
      .select()
      .from(sentMessages)
      .where(inArray(sentMessages.to, ['tech-a@example.com', 'adv-a@example.com']));
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.text).toContain('https://shop.example/app/reset/password?token=');

    // The token of before the set-up has no account; the renewed one has it, and opens the account's stores.
    const refreshed = await t.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken: owner.pair.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const claims = await t.platform.tokens.verifyAccess(refreshed.json().token);
    expect(claims?.accountId).toBe(account._id);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v2/api/account/${account._id}/store`,
      headers: { authorization: `Bearer ${refreshed.json().token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Main Street']);
  });

  it('refuses an owner who already has an account with 409, even with a token of before', async () => {
    const owner = await newOwner('twice-owner');
    expect((await setup(owner.headers, body('b'))).statusCode).toBe(201);
    const before = await countRows();
    const again = await setup(owner.headers, body('c'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 409, code: 'CONFLICT', message: 'You already have an account' });
    expect(await countRows()).toEqual(before);
  });

  it('is for owners only: 403 to other roles, 401 anonymous', async () => {
    for (const role of ['admin', 'StoreManager', 'Technician', 'root', 'partner'] as const) {
      const headers = await bearer(t.platform.tokens, await t.make.user(role, someStore));
      const res = await setup(headers, body(`r-${role.toLowerCase()}`));
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/v2/api/account', payload: body('anon') })).statusCode).toBe(401);
  });

  it('refuses a taken username (any case) with 409 and writes nothing', async () => {
    const owner = await newOwner('dup-owner');
    const existing = await t.make.user('Technician', someStore);
    const before = await countRows();
    const res = await setup(
      owner.headers,
      body('d', {
        workers: [
          { username: 'fine-d', firstName: 'Fine', type: 'Technician', email: 'fine-d@example.com' },
          { username: existing.username.toUpperCase(), firstName: 'Dup', type: 'Technician', email: 'dup@example.com' },
        ],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: `The username ${existing.username.toUpperCase()} is already taken` });
    expect(await countRows()).toEqual(before);
    const stored = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, owner.id) });
    expect(stored?.accountId).toBeNull();
  });

  it('refuses bad input with 400 INVALID_ARGUMENTS and writes nothing', async () => {
    const owner = await newOwner('bad-owner');
    const before = await countRows();
    const base = body('e');
    const cases: Array<[string, object]> = [
      ['no account name', { ...base, account: { name: '  ' } }],
      ['store e-mail', { ...base, store: { ...base.store, email: 'not-an-email' } }],
      ['store phone', { ...base, store: { ...base.store, phoneNo: '555-01' } }],
      ['store without phone', { ...base, store: { ...base.store, phoneNo: '' } }],
      ['closes before it opens', { ...base, store: { ...base.store, openTime: [{ day: 'monday', open: '17:00', close: '08:00' }] } }],
      ['a day twice', { ...base, store: { ...base.store, openTime: [{ day: 'monday', open: 'closed' }, { day: 'monday', open: 'closed' }] } }],
      ['worker e-mail', { ...base, workers: [{ ...base.workers![0]!, email: 'nope' }] }],
      ['worker without e-mail', { ...base, workers: [{ ...base.workers![0]!, email: '' }] }],
      ['a role the wizard does not grant', { ...base, workers: [{ ...base.workers![0]!, type: 'owner' }] }],
      ['the same username twice', { ...base, workers: [base.workers![0]!, { ...base.workers![1]!, username: 'TECH-E' }] }],
      ['unknown field', { ...base, extra: true }],
    ];
    for (const [what, payload] of cases) {
      const res = await setup(owner.headers, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('INVALID_ARGUMENTS');
    }
    const closing = await setup(owner.headers, cases[4]![1]);
    expect(closing.json().message).toContain('monday must close after it opens');
    expect(await countRows()).toEqual(before);
  });

  it('accepts a set-up without workers', async () => {
    const owner = await newOwner('solo-owner');
    const res = await setup(owner.headers, body('f', { workers: [] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().workers).toEqual([]);
  });
});
