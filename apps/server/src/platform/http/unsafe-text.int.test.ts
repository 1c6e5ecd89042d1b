import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';

/**
 * PostgreSQL refuses a NUL character in text and JSON, so a NUL anywhere in a request used to
 * reach a query and answer 500. Every string of every route is now checked before its schema:
 * a NUL or an unpaired surrogate answers 400 INVALID_ARGUMENTS naming the field.
 */
let t: TestApp;
let staff: Record<string, string>;
let storeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const store = await t.make.store();
  storeId = store.id;
  staff = await bearer(t.platform.tokens, await t.make.user('StoreManager', store));
}, 60_000);
afterAll(() => t?.close());

const refused = (field: string) => ({
  status: 400,
  code: 'INVALID_ARGUMENTS',
  message: `${field}: ${UNSAFE_TEXT_MESSAGE}`,
});

describe('a NUL or an unpaired surrogate in a request', () => {
  it.each([
    ['login', '/v2/api/user/login', { username: 'pat\u0000', password: 'secret' }, 'username'],
    ['login strategy', '/v2/api/user/login/strategy', { username: 'pat\u0000@example.com' }, 'username'],
    ['reset e-mail', '/v2/api/user/password/reset/email', { username: '\u0000' }, 'username'],
    [
      'reset',
      '/v2/api/user/password/reset',
      { token: 'a'.repeat(30) + '\u0000', password: 'Abcdef12!xyz' },
      'token',
    ],
    [
      'registration',
      '/v2/api/userForCustomer',
      { username: 'pat@example.com', password: 'Abcdef12!xyz\u0000' },
      'password',
    ],
    [
      'login, lone surrogate',
      '/v2/api/user/login',
      { username: 'pat\uD800', password: 'secret' },
      'username',
    ],
  ])('%s: answers 400 naming the field', async (_name, url, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.json()).toEqual(refused(field));
  });

  it('in customer fields, at any depth or in a key, answers 400 naming the field', async () => {
    const url = `/v2/api/store/${storeId}/customer`;
    const nul = await t.app.inject({
      method: 'POST',
      url,
      headers: staff,
      payload: { firstName: 'Pat', lastName: 'Sam\u0000ple' },
    });
    expect(nul.json()).toEqual(refused('lastName'));
    const surrogate = await t.app.inject({
      method: 'POST',
      url,
      headers: staff,
      payload: { firstName: '\uDC00Pat', lastName: 'Sample' },
    });
    expect(surrogate.json()).toEqual(refused('firstName'));
    const key = await t.app.inject({
      method: 'POST',
      url,
      headers: staff,
      payload: { firstName: 'Pat', ['x\u0000']: 1 },
    });
    expect(key.statusCode).toBe(400);
    // A paired surrogate (an emoji) is text like any other.
    const emoji = await t.app.inject({
      method: 'POST',
      url,
      headers: staff,
      payload: { firstName: 'Pat \uD83D\uDE97', lastName: 'Sample' },
    });
    expect(emoji.statusCode).toBe(201);
  });

  it('in search parameters and path parameters answers 400', async () => {
    const search = await t.app.inject({
      method: 'GET',
      url: `/v2/search/store/${storeId}/household?search=pa%00t`,
      headers: staff,
    });
    expect(search.json()).toEqual(refused('search'));
    const path = await t.app.inject({ method: 'GET', url: `/v2/api/user/pat%00`, headers: staff });
    expect(path.json()).toEqual(refused('userRef'));
  });

  it('in a header answers 400 naming the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${storeId}/customer`,
      headers: { ...staff, 'idempotency-key': 'key\u0000' },
      payload: { firstName: 'Pat', lastName: 'Sample' },
    });
    expect(res.json()).toEqual(refused('header idempotency-key'));
  });
});
