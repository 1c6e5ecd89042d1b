import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, partners, stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';

/** Which partner's network a list is limited to; null means every partner (root). */
export type Scope = { partnerId: string | null } | 'everything';

export interface Paging {
  page: number;
  size: number;
  search?: string;
}

/** A LIKE pattern matching the term anywhere, with the term's own % and _ taken literally. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAdminRepository(db: Db) {
  const within = (column: typeof partners.id | typeof accounts.partnerId | typeof stores.partnerId, scope: Scope): SQL | undefined =>
    scope === 'everything' ? undefined : scope.partnerId ? eq(column, scope.partnerId) : sql`false`;

  async function paged<T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>) {
    const [items, [counted]] = await Promise.all([rows, total]);
    return { items, total: Number(counted?.n ?? 0) };
  }

  return {
    async partnerById(id: string) {
      const rows = await db
        .select({
          id: partners.id,
          name: partners.name,
          accountCount: sql<number>`(select count(*)::int from ${accounts} a where a.partner_id = ${partners}.id)`,
          storeCount: sql<number>`(select count(*)::int from ${stores} s where s.partner_id = ${partners}.id)`,
        })
        .from(partners)
        .where(eq(partners.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async partners(scope: Scope, paging: Paging) {
      const where = and(within(partners.id, scope), paging.search ? ilike(partners.name, contains(paging.search)) : undefined);
      return paged(
        db
          .select({
            id: partners.id,
            name: partners.name,
            accountCount: sql<number>`(select count(*)::int from ${accounts} a where a.partner_id = ${partners}.id)`,
            storeCount: sql<number>`(select count(*)::int from ${stores} s where s.partner_id = ${partners}.id)`,
          })
          .from(partners)
          .where(where)
          .orderBy(asc(partners.name), asc(partners.id))
          .limit(paging.size)
          .offset(paging.page * paging.size),
        db.select({ n: count() }).from(partners).where(where),
      );
    },

    async accounts(scope: Scope, paging: Paging & { partnerId?: string }) {
      const where = and(
        within(accounts.partnerId, scope),
        paging.partnerId ? eq(accounts.partnerId, paging.partnerId) : undefined,
        paging.search ? ilike(accounts.name, contains(paging.search)) : undefined,
      );
      return paged(
        db
          .select({
            id: accounts.id,
            name: accounts.name,
            partnerId: accounts.partnerId,
            partnerName: partners.name,
            storeCount: sql<number>`(select count(*)::int from ${stores} s where s.account_id = ${accounts}.id)`,
          })
          .from(accounts)
          .leftJoin(partners, eq(partners.id, accounts.partnerId))
          .where(where)
          .orderBy(asc(accounts.name), asc(accounts.id))
          .limit(paging.size)
          .offset(paging.page * paging.size),
        db.select({ n: count() }).from(accounts).where(where),
      );
    },

    async stores(scope: Scope, paging: Paging & { partnerId?: string; accountId?: string }) {
      const term = paging.search ? contains(paging.search) : null;
      const where = and(
        within(stores.partnerId, scope),
        paging.partnerId ? eq(stores.partnerId, paging.partnerId) : undefined,
        paging.accountId ? eq(stores.accountId, paging.accountId) : undefined,
        term
          ? or(ilike(stores.name, term), ilike(stores.franchiseName, term), ilike(stores.address, term), ilike(accounts.name, term))
          : undefined,
      );
      return paged(
        db
          .select({
            id: stores.id,
            name: stores.name,
            address: stores.address,
            active: stores.active,
            accountId: stores.accountId,
            accountName: accounts.name,
            partnerId: stores.partnerId,
            partnerName: partners.name,
            hasStoreAccount: sql<boolean>`exists (select 1 from ${users} u where u.store_id = ${stores}.id and u.type = 'Store' and u.active)`,
          })
          .from(stores)
          .innerJoin(accounts, eq(accounts.id, stores.accountId))
          .leftJoin(partners, eq(partners.id, stores.partnerId))
          .where(where)
          .orderBy(asc(stores.name), asc(stores.id))
          .limit(paging.size)
          .offset(paging.page * paging.size),
        db.select({ n: count() }).from(stores).innerJoin(accounts, eq(accounts.id, stores.accountId)).where(where),
      );
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
