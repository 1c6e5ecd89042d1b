import { describe, expect, it } from 'vitest';
import type { AnyRoute, Store, User } from '@servicebay/domain';
import { ApiError, type ApiClient, type SessionClaims } from '@servicebay/web-core';
import { completeSignIn } from './sign-in.js';

const claims = (extra: Partial<SessionClaims> = {}): SessionClaims => ({
  id: 'u1',
  type: 'Technician',
  storeId: 's1',
  username: 'tech',
  customerId: null,
  isUserOfInactiveStore: false,
  accountId: 'a1',
  partnerId: null,
  exp: 2_000_000_000,
  ...extra,
});

const user = (extra: Partial<User> = {}) =>
  ({
    _id: 'u1',
    id: 'u1',
    username: 'tech',
    type: 'Technician',
    lastRoleUsed: null,
    firstName: 'Theo',
    lastName: 'Tremblay',
    storeId: 's1',
    accountId: 'a1',
    customerId: null,
    language: 'fr',
    mandatoryTrainingComplete: true,
    dashboardVersion: 2,
    workflowVersion: '1',
    isLegacy: false,
    isUserOfInactiveStore: false,
    ...extra,
  }) as User;

const store = { _id: 's1', accountId: 'a1', workflowVersion: '1', technicianUseSADashboard: false } as Store;

/** An API client answering by route id, recording what was asked. */
function api(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const client = {
    call: async (route: AnyRoute) => {
      calls.push(route.id);
      const answer = answers[route.id];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as ApiClient;
  return { client, calls };
}

describe('completeSignIn', () => {
  it('fetches the user and the store, then answers the home of the role', async () => {
    const { client, calls } = api({ 'session.getUser': user(), 'stores.get': store });
    await expect(completeSignIn(client, claims())).resolves.toEqual({
      kind: 'home',
      path: '/app/store/dashboard?variant=basicTechnician',
      user: user(),
      store,
    });
    expect(calls.sort()).toEqual(['session.getUser', 'stores.get']);
  });

  it('fetches no store for a user without one', async () => {
    const { client, calls } = api({ 'session.getUser': user({ type: 'owner', storeId: null }) });
    await expect(completeSignIn(client, claims({ type: 'owner', storeId: null }))).resolves.toMatchObject({
      kind: 'home',
      path: '/app/v2/account/a1/store',
      store: null,
    });
    expect(calls).toEqual(['session.getUser']);
  });

  it("sends a portal user to MyCar without asking for its customer's store", async () => {
    const { client, calls } = api({ 'session.getUser': user({ type: 'consumer', customerId: 'c1' }) });
    await expect(completeSignIn(client, claims({ type: 'consumer', customerId: 'c1' }))).resolves.toMatchObject({
      kind: 'home',
      path: '/my-car/user/c1',
      store: null,
    });
    expect(calls).toEqual(['session.getUser']);
  });

  it('stops an inactive-store user before anything is fetched', async () => {
    const { client, calls } = api({});
    await expect(completeSignIn(client, claims({ isUserOfInactiveStore: true }))).resolves.toEqual({ kind: 'inactiveStore' });
    expect(calls).toEqual([]);
  });

  it('reports a user fetch that returns nothing, so the credentials are cleared', async () => {
    const { client } = api({ 'session.getUser': new ApiError(404, 'NOT_FOUND', 'Not found'), 'stores.get': store });
    await expect(completeSignIn(client, claims())).resolves.toEqual({ kind: 'noUser' });
  });

  it("answers 'Unable to find route' for a role without a home", async () => {
    const { client } = api({ 'session.getUser': user({ type: 'AnalyticsViewer', accountId: null, storeId: null }) });
    await expect(completeSignIn(client, claims({ storeId: null }))).resolves.toEqual({ kind: 'noRoute', role: 'AnalyticsViewer' });
  });

  it('lets other failures through (offline, server errors)', async () => {
    const { client } = api({ 'session.getUser': new ApiError(0, 'NO_CONNECTION', 'No internet connection'), 'stores.get': store });
    await expect(completeSignIn(client, claims())).rejects.toMatchObject({ status: 0 });
  });
});
