import type { DemoWriter } from './demo.repository.js';

/**
 * The demo MyCar / MyFleet users (README "Demo users"): two Downtown customers of the demo seed
 * who registered, with the demo password. Their username is the e-mail they gave the shop.
 */
export const DEMO_PORTAL_USERS = [
  /** Jane Doe, two cars: the MyCar variant. */
  { username: 'jane@example.com' },
  /** Fleet Express Deliveries, six vans: the MyFleet variant. */
  { username: 'fleet@example.com' },
] as const;

/** Gives each demo portal customer its consumer user, in the customer's store (docs/portal-users.md). */
export async function seedDemoPortalUsers(
  w: DemoWriter,
  store: { id: string; partnerId: string | null },
  passwordHash: string,
): Promise<void> {
  for (const { username } of DEMO_PORTAL_USERS) {
    const { rows } = await w.customers.listCustomers(store.id, { email: username }, 0, 1);
    const customer = rows[0];
    if (!customer) throw new Error(`The demo customer ${username} is missing`);
    await w.users([
      {
        username,
        passwordHash,
        type: 'consumer',
        storeId: store.id,
        accountId: null,
        partnerId: store.partnerId,
        customerId: customer.id,
        firstName: customer.firstName ?? '',
        lastName: customer.lastName ?? '',
        email: customer.email,
      },
    ]);
  }
}
