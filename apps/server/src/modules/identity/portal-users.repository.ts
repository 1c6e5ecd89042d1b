import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers } from '../customers/customers.schema.js';
import type { UserRow } from './identity.repository.js';

/** A customer as registration sees it: who it is and which store owns it. */
export interface RegisteringCustomer {
  id: string;
  storeId: string;
  partnerId: string | null;
  firstName: string | null;
  lastName: string | null;
  business: string | null;
  email: string;
}

export function createPortalUsersRepository(db: Db) {
  return {
    /**
     * The customer whose e-mail this is, whatever its case. When several customers (in one store
     * or in several) share the e-mail, the most recently created one wins (docs/portal-users.md):
     * it is the shop the customer went to last. Only customers of active stores count.
     */
    async customerByEmail(email: string): Promise<RegisteringCustomer | null> {
      const rows = await db
        .select({
          id: customers.id,
          storeId: customers.storeId,
          partnerId: stores.partnerId,
          firstName: customers.firstName,
          lastName: customers.lastName,
          business: customers.business,
          email: customers.email,
        })
        .from(customers)
        .innerJoin(stores, eq(stores.id, customers.storeId))
        .where(and(sql`lower(${customers.email}) = lower(${email})`, eq(stores.active, true)))
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(1);
      const row = rows[0];
      return row && row.email ? { ...row, email: row.email } : null;
    },

    /** A user that stands in the way: the customer's own, or anyone already named so. */
    async existingUser(customerId: string, username: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(or(and(isNotNull(users.customerId), eq(users.customerId, customerId)), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Inserts the consumer user; null when a unique index refused it (the name is taken or the
     * customer got a user meanwhile), so two registrations at once make one user.
     */
    async insertConsumer(values: {
      username: string;
      passwordHash: string;
      customer: RegisteringCustomer;
    }): Promise<UserRow | null> {
      const { customer } = values;
      const rows = await db
        .insert(users)
        .values({
          username: values.username,
          passwordHash: values.passwordHash,
          type: 'consumer',
          storeId: customer.storeId,
          accountId: null,
          partnerId: customer.partnerId,
          customerId: customer.id,
          firstName: customer.firstName ?? '',
          lastName: customer.lastName ?? '',
          email: customer.email,
          mandatoryTrainingComplete: true,
        })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },
  };
}

export type PortalUsersRepository = ReturnType<typeof createPortalUsersRepository>;
