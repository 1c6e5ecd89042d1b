import type { TestApp } from '../app.js';
import { createSsoRepository } from '../../src/modules/identity/sso.repository.js';

/** One store's world as the authorization test sees it. */
export interface TenantWorld {
  store: { id: string; accountId: string; partnerId: string | null };
}

/** Makes (or names) a resource of the given store and returns its id, for one path parameter. */
export type SampleFactory = (t: TestApp, world: TenantWorld, caller: { id: string }) => Promise<string>;

/**
 * A sample value for every path parameter name used in the route table. The authorization test
 * fills each route's path from here with resources of the victim store; a route whose parameter
 * has no sample fails the test, so each feature adds its factories when it adds routes.
 */
export const paramSamples: Record<string, SampleFactory> = {
  storeId: async (_t, world) => world.store.id,
  userId: async (_t, _world, caller) => caller.id,
  userRef: async (_t, _world, caller) => caller.id,
  languageFile: async () => 'en.i18n.json',
  token: async () => 'a-reset-token-that-does-not-exist-0000',
  customerId: async (t, world) => (await t.make.customer(world.store)).id,
  householdId: async (t, world) => (await t.make.customer(world.store)).householdId!,
  vehicleId: async (t, world) => (await t.make.vehicle(world.store)).id,
  vin: async () => '1HGCM82633A004352',
  year: async () => '2003',
  make: async () => 'Honda',
  model: async () => 'Accord',
  engine: async () => '3.0L 6 cyl',
  // Disabled, so any number of samples fit beside the account's one enabled configuration.
  configurationId: async (t, world) =>
    (
      await createSsoRepository(t.platform.database.db).createConfiguration({
        accountId: world.store.accountId,
        issuer: 'https://idp.example.test',
        clientId: 'servicebay',
        clientSecret: 'sample-secret',
        enabled: false,
      })
    ).id,
};
