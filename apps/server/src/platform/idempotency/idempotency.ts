import { createHash } from 'node:crypto';
import { AppError } from '@servicebay/domain';
import type { IdempotencyRepository } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

export type IdempotencyOutcome =
  | { kind: 'proceed'; finish(status: number, body: unknown): Promise<void>; abandon(): Promise<void> }
  | { kind: 'replay'; status: number; body: unknown };

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Idempotent writes (architecture decision 8): the first request with a key runs and its answer is
 * kept; a replay with the same body gets that answer and writes nothing; the same key with another
 * body is refused (422); a replay while the first is still running is refused (409).
 */
export function createIdempotency(repo: IdempotencyRepository, staleAfterMs: number) {
  return {
    async begin(input: {
      caller: string;
      key: string;
      method: string;
      path: string;
      body: unknown;
    }): Promise<IdempotencyOutcome> {
      if (!KEY_PATTERN.test(input.key)) {
        throw new AppError(400, 'INVALID_ARGUMENTS', 'Idempotency-Key: 8 to 128 letters, digits, - _ : .');
      }
      const hash = requestHash(input.method, input.path, input.body);
      const proceed: IdempotencyOutcome = {
        kind: 'proceed',
        finish: (status, body) => repo.complete(input.caller, input.key, status, body),
        abandon: () => repo.release(input.caller, input.key),
      };
      const entry = { caller: input.caller, key: input.key, method: input.method, path: input.path, requestHash: hash };
      if (await repo.claim(entry)) return proceed;

      const stored = await repo.find(input.caller, input.key);
      if (!stored) {
        // Released between our claim and our read (the first request failed): claim again.
        if (await repo.claim(entry)) return proceed;
        throw new AppError(409, 'IDEMPOTENCY_KEY_IN_FLIGHT', 'A request with this Idempotency-Key is in progress');
      }
      if (stored.requestHash !== hash) {
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request',
        );
      }
      if (stored.responseStatus === null) {
        const staleBefore = new Date(Date.now() - staleAfterMs);
        if (await repo.takeOverStale(input.caller, input.key, staleBefore, hash)) return proceed;
        throw new AppError(409, 'IDEMPOTENCY_KEY_IN_FLIGHT', 'A request with this Idempotency-Key is in progress');
      }
      return { kind: 'replay', status: stored.responseStatus, body: stored.responseBody };
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
