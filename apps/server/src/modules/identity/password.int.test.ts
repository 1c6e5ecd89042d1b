import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { users } from '../../platform/db/schema/users.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;

async function worker(username: string, email: string | null, language = 'en') {
  const user = await t.make.user('Technician', store);
  await t.platform.database.db
    .update(users)
    .set({ username, email, language, firstName: 'Theo', passwordHash: await hashPassword('Old12345!') })
    .where(eq(users.id, user.id));
  return user;
}

async function lastMailTo(address: string) {
  const rows = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.to, address));
  return rows.at(-1);
}

const requestReset = (username: string, language?: 'en' | 'fr') =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/password/reset/email', payload: { username, ...(language && { language }) } });
const resetWith = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/password/reset', payload: { token, password } });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username, password } });

function tokenFrom(text: string) {
  const match = /reset\/password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in ${text}`);
  return match[1]!;
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example' });
  store = await t.make.store();
});
afterAll(() => t?.close());

describe('password reset by e-mail', () => {
  it('mails a link, sets the new password once, and ends old sign-ins', async () => {
    await worker('theo', 'theo@example.com');
    const before = (await login('theo', 'Old12345!')).json();
    expect((await requestReset('theo')).statusCode).toBe(204);

    const mail = await lastMailTo('theo@example.com');
    expect(mail?.subject).toBe('Reset your ServiceBay password');
    expect(mail?.text).toContain('Hello Theo,');
    expect(mail?.text).toContain('https://shop.example/app/reset/password?token=');
    const token = tokenFrom(mail!.text);

    const owner = await t.app.inject({ method: 'GET', url: `/v2/api/user/meteor/${token}` });
    expect(owner.json()).toEqual({ username: 'theo', firstName: 'Theo' });

    const reset = await t.app.inject({ method: 'POST', url: '/v2/api/user/password/reset', payload: { token, password: 'New12345!' } });
    expect(reset.statusCode).toBe(204);
    expect((await login('theo', 'Old12345!')).statusCode).toBe(401);
    expect((await login('theo', 'New12345!')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: '/v2/api/user/password/reset', payload: { token, password: 'Other123!' } });
    expect(again.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    const refreshed = await t.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken: before.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/meteor/${token}` })).statusCode).toBe(404);
  });

  it('finds the user by e-mail and writes in the language asked for', async () => {
    await worker('lucie', 'lucie@example.com', 'en');
    await requestReset('LUCIE@example.com', 'fr');
    const mail = await lastMailTo('lucie@example.com');
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe ServiceBay');
    const token = tokenFrom(mail!.text);
    const legacy = await t.app.inject({ method: 'POST', url: '/v2/api/user/password/meteor', payload: { token, newPassword: 'Lucie123!' } });
    expect(legacy.statusCode).toBe(204);
    expect((await login('lucie', 'Lucie123!')).statusCode).toBe(200);
  });

  it('answers the same for an unknown user or one without e-mail, and sends nothing', async () => {
    await worker('noemail', null);
    const countBefore = (await t.platform.database.db.select().from(sentMessages)).length;
    expect((await requestReset('nobody-here')).statusCode).toBe(204);
    expect((await requestReset('noemail')).statusCode).toBe(204);
    expect((await t.platform.database.db.select().from(sentMessages)).length).toBe(countBefore);
  });

  it('refuses a weak password and keeps the token usable', async () => {
    await worker('weak', 'weak@example.com');
    await requestReset('weak');
    const token = tokenFrom((await lastMailTo('weak@example.com'))!.text);
    const weak = await t.app.inject({ method: 'POST', url: '/v2/api/user/password/reset', payload: { token, password: 'password' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^password: must have at least 8 characters/);
    const strong = await t.app.inject({ method: 'POST', url: '/v2/api/user/password/reset', payload: { token, password: 'Strong12!' } });
    expect(strong.statusCode).toBe(204);
  });

  it('refuses a password of spaces as invalid input, by the reset and the legacy route, and keeps the token', async () => {
    await worker('spaces', 'spaces@example.com');
    await requestReset('spaces');
    const token = tokenFrom((await lastMailTo('spaces@example.com'))!.text);
    for (const blank of ['        ', '          ', ' ']) {
      const reset = await resetWith(token, blank);
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'password: must not be blank' });
      const legacy = await t.app.inject({ method: 'POST', url: '/v2/api/user/password/meteor', payload: { token, newPassword: blank } });
      expect(legacy.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'newPassword: must not be blank' });
    }
    expect((await login('spaces', 'Old12345!')).statusCode).toBe(200);
    expect((await resetWith(token, 'Spaces12!')).statusCode).toBe(204);
  });

  it('lifts a lockout at once and forgets the failures, whatever case the name was typed in', async () => {
    await worker('locked', 'locked@example.com');
    for (let i = 0; i < 5; i++) await login('LOCKED', 'wrong');
    expect((await login('locked', 'Old12345!')).json()).toMatchObject({ status: 403, code: 'ACCOUNT_LOCKED' });
    await requestReset('locked');
    const token = tokenFrom((await lastMailTo('locked@example.com'))!.text);
    expect((await resetWith(token, 'Fresh123!')).statusCode).toBe(204);
    // The count starts again: had it stayed at five, the next failure would lock the name again.
    expect((await login('locked', 'wrong')).statusCode).toBe(401);
    expect((await login('locked', 'Fresh123!')).statusCode).toBe(200);
  });

  it('one reset link used ends the others', async () => {
    await worker('twice', 'twice@example.com');
    await requestReset('twice');
    const first = tokenFrom((await lastMailTo('twice@example.com'))!.text);
    await requestReset('twice');
    const second = tokenFrom((await lastMailTo('twice@example.com'))!.text);
    expect(second).not.toBe(first);
    expect((await resetWith(second, 'Second12!')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/meteor/${first}` })).statusCode).toBe(404);
    expect((await resetWith(first, 'First123!')).json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    expect((await login('twice', 'First123!')).statusCode).toBe(401);
    expect((await login('twice', 'Second12!')).statusCode).toBe(200);
  });

  it('ends every sign-in at once: the access token as well as the refresh token', async () => {
    const user = await worker('stolen', 'stolen@example.com');
    const before = (await login('stolen', 'Old12345!')).json();
    const asBefore = { authorization: `Bearer ${before.token}` };
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${user.id}`, headers: asBefore })).statusCode).toBe(200);
    await requestReset('stolen');
    expect((await resetWith(tokenFrom((await lastMailTo('stolen@example.com'))!.text), 'Mine1234!')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${user.id}`, headers: asBefore })).statusCode).toBe(401);
    const renewed = await t.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken: before.refreshToken } });
    expect(renewed.statusCode).toBe(401);
  });
});
