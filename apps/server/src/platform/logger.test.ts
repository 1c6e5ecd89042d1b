import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.js';
import { errorHandler } from './http/errors.js';

describe('redactUrl', () => {
  it('hides tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc.def.ghi')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/x?a=1&refreshToken=zzz&b=2')).toBe('/x?a=1&refreshToken=[redacted]&b=2');
    expect(redactUrl('/health')).toBe('/health');
  });
});

/** A logger writing its lines into an array. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

const EMAIL = 'pat.sample@example.com';
const PASSWORD = 'correct horse battery staple';

/** What drizzle throws when PostgreSQL refuses an insert: the query, its values, and the cause. */
function failedInsert() {
  const cause = new pg.DatabaseError(`invalid input syntax for type uuid: "${EMAIL}"`, 0, 'error');
  Object.assign(cause, {
    severity: 'ERROR',
    code: '22P02',
    detail: `Key (email)=(${EMAIL}) already exists.`,
    table: 'users',
    constraint: 'users_email_unique',
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    [EMAIL, PASSWORD],
    cause,
  );
}

describe('error logs', () => {
  it('log a failed query with its text and code, without the values it was given', () => {
    const { logger, lines } = capturingLogger();
    logger.error({ err: failedInsert() }, 'request failed');
    const logged = lines.join('\n');
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(PASSWORD);
    const entry = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(entry.err.type).toBe('DrizzleQueryError');
    expect(entry.err.query).toBe('insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(entry.err.message).toContain('Failed query: insert into "users"');
    expect(entry.err.message).toContain('invalid input syntax for type uuid: [value redacted]');
    expect(entry.err.params).toBeUndefined();
  });

  it('keep the PostgreSQL code, table and constraint of a failed query', () => {
    const { logger, lines } = capturingLogger();
    const error = failedInsert();
    logger.warn({ err: error.cause }, 'query failed');
    const entry = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(entry.err).toMatchObject({ code: '22P02', table: 'users', constraint: 'users_email_unique' });
    expect(entry.err.detail).toBeUndefined();
    expect(lines[0]).not.toContain(EMAIL);
    // The error itself is left as it was.
    expect((error.cause as pg.DatabaseError).detail).toContain(EMAIL);
  });

  it('a request whose query fails is answered 500 and logged without its body', async () => {
    const { logger, lines } = capturingLogger();
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app.setErrorHandler(errorHandler);
    app.post('/v2/api/user/register', async () => {
      throw failedInsert();
    });
    const res = await app.inject({
      method: 'POST',
      url: '/v2/api/user/register',
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side',
    });
    await app.close();
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(PASSWORD);
  });
});
