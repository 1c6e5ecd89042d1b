import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { CUTOFF_CHANNEL, createTokenCutOffsRepository, parseCutOff } from './token-cutoffs.repository.js';

/**
 * This process's knowledge of the users whose sign-ins were ended (token-cutoffs.repository.ts),
 * so checking an access token needs no query. It holds only the cut-offs an access token issued
 * before them could still outlive; older ones concern expired tokens only.
 */
export interface TokenCutOffs {
  /** The oldest token version still accepted for the user (0 accepts every version). */
  minVersion(userId: string): number;
  /** Learns a cut-off: from this process's own change, from another process, or from the database. */
  learn(userId: string, version: number): void;
  /**
   * Calls `listener` with each user whose sign-ins this process learns were ended (a version it
   * did not know yet), so what lives past a request (an open websocket) can end too. Returns the
   * function that stops listening.
   */
  onCutOff(listener: (userId: string) => void): () => void;
}

/** How long past the access token's lifetime a cut-off is kept, for clocks that disagree. */
const CLOCK_MARGIN_SECONDS = 300;

export function createTokenCutOffCache(options: { ttlSeconds: number; now?: () => number }): TokenCutOffs & {
  size(): number;
} {
  const now = options.now ?? Date.now;
  const keepMs = (options.ttlSeconds + CLOCK_MARGIN_SECONDS) * 1000;
  const entries = new Map<string, { version: number; until: number }>();
  const listeners = new Set<(userId: string) => void>();
  return {
    minVersion(userId) {
      if (entries.size === 0) return 0;
      const entry = entries.get(userId);
      if (!entry) return 0;
      if (entry.until < now()) {
        entries.delete(userId);
        return 0;
      }
      return entry.version;
    },
    learn(userId, version) {
      const at = now();
      // Drop passed entries now and then, so the map never grows with old cut-offs.
      if (entries.size > 1000) for (const [id, e] of entries) if (e.until < at) entries.delete(id);
      const known = entries.get(userId);
      // Versions only go up; a late or repeated message never lowers what is refused.
      if (known && known.version > version) return;
      entries.set(userId, { version, until: at + keepMs });
      if (!known || known.version < version) for (const listener of listeners) listener(userId);
    },
    onCutOff(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => entries.size,
  };
}

export interface TokenCutOffFeed {
  stop(): Promise<void>;
}

/** How often the database is read again, in case a notification was lost (a pooler that drops LISTEN). */
export const CUTOFF_POLL_MS = 30_000;

/**
 * Keeps a cache current: loads the recent cut-offs, then hears new ones as they commit (PostgreSQL
 * LISTEN/NOTIFY, so every process on the database learns at once, with or without Redis), reads
 * everything again when the listening connection comes back, and polls slowly as a safety net.
 */
export async function feedTokenCutOffs(deps: {
  database: Database;
  cache: TokenCutOffs;
  ttlSeconds: number;
  logger: Logger;
  pollMs?: number;
}): Promise<TokenCutOffFeed> {
  const { database, cache, logger } = deps;
  const repo = createTokenCutOffsRepository(database.db);
  const horizon = deps.ttlSeconds + CLOCK_MARGIN_SECONDS;
  const load = async () => {
    for (const cut of await repo.since(horizon)) cache.learn(cut.userId, cut.version);
  };
  const reload = () =>
    load().catch((error: unknown) =>
      logger.warn({ err: error }, 'could not read the recent token cut-offs; will retry'),
    );

  const unlisten = await database.listen(
    CUTOFF_CHANNEL,
    (payload) => {
      const cut = parseCutOff(payload);
      if (cut) cache.learn(cut.userId, cut.version);
    },
    () => void reload(),
  );
  // Listening first, then loading: a cut-off committed in between is heard or read, never neither.
  await load();
  const poll = setInterval(() => void reload(), deps.pollMs ?? CUTOFF_POLL_MS);
  poll.unref();
  return {
    async stop() {
      clearInterval(poll);
      await unlisten();
    },
  };
}
