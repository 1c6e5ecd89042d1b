import { createHmac } from 'node:crypto';
import { AppError, LIMITS } from '@servicebay/domain';
import type { IdempotencyRepository } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

export type IdempotencyOutcome =
  | { kind: 'proceed'; finish(status: number, body: unknown): Promise<void>; abandon(): Promise<void> }
  | { kind: 'replay'; status: number; body: unknown };

/**
 * The hash kept to tell a replay from another request under the same key: an HMAC keyed by a key
 * derived from the server secret, so a stored hash cannot be turned back into a body by guessing.
 */
export function requestHasher(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('servicebay idempotency request hash v1').digest();
  return (method: string, path: string, body: unknown): string =>
    createHmac('sha256', key)
      .update(`${method}\n${path}\n${JSON.stringify(body ?? null)}`)
      .digest('hex');
}

export interface IdempotencyOptions {
  /** The server secret the request hash is keyed with. */
  secret: Uint8Array;
  /** A claim left in flight longer than this (its process died) is taken over. */
  staleAfterMs: number;
  /** How long a key and its answer are kept; a replay after that is a new request. */
  ttlMs?: number;
}

/**
 * Idempotent writes (architecture decision 8, docs/decisions/0003): the first request with a key
 * runs and its answer is kept; a replay with the same body gets that answer and writes nothing;
 * the same key with another body is refused (422); a replay while the first is still running is
 * refused (409). A key is kept for `ttlMs`; then it is forgotten and may start a new request.
 * Routes that carry secrets never come here (the registrar asks `usesIdempotencyKey`).
 */
export function createIdempotency(repo: IdempotencyRepository, options: IdempotencyOptions) {
  const hashOf = requestHasher(options.secret);
  const ttlMs = options.ttlMs ?? LIMITS.idempotencyKeyTtlMs;
  const inFlight = () =>
    new AppError(409, 'IDEMPOTENCY_KEY_IN_FLIGHT', 'A request with this Idempotency-Key is in progress');
  return {
    async begin(input: {
      caller: string;
      key: string;
      method: string;
      /** The request's path and query: both tell one request from another. */
      url: string;
      body: unknown;
    }): Promise<IdempotencyOutcome> {
      if (!KEY_PATTERN.test(input.key)) {
        throw new AppError(400, 'INVALID_ARGUMENTS', 'Idempotency-Key: 8 to 128 letters, digits, - _ : .');
      }
      const hash = hashOf(input.method, input.url, input.body);
      const proceed: IdempotencyOutcome = {
        kind: 'proceed',
        finish: (status, body) => repo.complete(input.caller, input.key, status, body),
        abandon: () => repo.release(input.caller, input.key),
      };
      // The query string is not kept: a report link's token travels there.
      const path = input.url.split('?')[0] ?? input.url;
      const entry = { caller: input.caller, key: input.key, method: input.method, path, requestHash: hash };

      // A few rounds at most: another request may release or renew the key between two steps.
      for (let round = 0; round < 3; round++) {
        if (await repo.claim(entry)) return proceed;
        const stored = await repo.find(input.caller, input.key);
        // Released between our claim and our read (the first request failed): claim again.
        if (!stored) continue;
        const expiredBefore = new Date(Date.now() - ttlMs);
        if (stored.createdAt < expiredBefore) {
          if (await repo.renewExpired(entry, expiredBefore)) return proceed;
          continue;
        }
        if (stored.requestHash !== hash) {
          throw new AppError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was already used for a different request',
          );
        }
        if (stored.responseStatus === null) {
          const staleBefore = new Date(Date.now() - options.staleAfterMs);
          if (await repo.takeOverStale(input.caller, input.key, staleBefore, hash)) return proceed;
          throw inFlight();
        }
        return { kind: 'replay', status: stored.responseStatus, body: stored.responseBody };
      }
      throw inFlight();
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
