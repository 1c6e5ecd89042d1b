import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refreshTokens, users } from '../db/schema/users.js';

/** The channel on which a cut-off is announced to every server process of the database. */
export const CUTOFF_CHANNEL = 'servicebay_token_cutoffs';

export interface CutOff {
  userId: string;
  /** Tokens issued at an older version than this are refused. */
  version: number;
}

/**
 * Ends every sign-in of a user at once, inside the caller's transaction: the user's token version
 * goes up (tokens of the older one are refused), its refresh tokens are revoked, and the cut-off is
 * announced to every server process when the transaction commits. Null when there is no such user.
 */
export async function cutOffTokens(tx: Db, userId: string): Promise<CutOff | null> {
  const rows = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, tokensCutAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ version: users.tokenVersion });
  const version = rows[0]?.version;
  if (version === undefined) return null;
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx.execute(sql`select pg_notify(${CUTOFF_CHANNEL}, ${formatCutOff({ userId, version })})`);
  return { userId, version };
}

export function formatCutOff(cut: CutOff): string {
  return `${cut.userId}:${cut.version}`;
}

export function parseCutOff(payload: string): CutOff | null {
  const match = /^([0-9a-f-]{36}):(\d{1,9})$/i.exec(payload);
  return match ? { userId: match[1]!.toLowerCase(), version: Number(match[2]) } : null;
}

export function createTokenCutOffsRepository(db: Db) {
  return {
    /** The cut-offs made in the last `seconds`, by the database's clock. */
    async since(seconds: number): Promise<CutOff[]> {
      return db
        .select({ userId: users.id, version: users.tokenVersion })
        .from(users)
        .where(gt(users.tokensCutAt, sql`now() - make_interval(secs => ${seconds})`));
    },
  };
}
