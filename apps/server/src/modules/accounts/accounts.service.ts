import { DEFAULT_COUNTRY, errors, readStoreSettings, ZStoreSettings, type Account, type AccountStore, type Store, type ZCreateStore } from '@servicebay/domain';
import type { z } from 'zod';
import { presentStore } from '../stores/index.js';
import type { AccountsRepository } from './accounts.repository.js';


/** Midnight of the caller's day, from its Date.getTimezoneOffset() (minutes behind UTC). */
export function startOfDay(now: Date, tzOffsetMinutes: number): Date {
  const local = new Date(now.getTime() - tzOffsetMinutes * 60_000);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() + tzOffsetMinutes * 60_000);
}

/** Accounts and their stores (docs/administration.md). */
export function createAccountsService(deps: { repo: AccountsRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function accountOf(accountId: string) {
    const account = await repo.byId(accountId);
    if (!account) throw errors.notFound();
    return account;
  }

  return {
    async get(accountId: string): Promise<Account> {
      const a = await accountOf(accountId);
      return { _id: a.id, name: a.name, partnerId: a.partnerId, storeCount: a.storeCount };
    },

    async stores(accountId: string, tzOffset: number): Promise<AccountStore[]> {
      const rows = await repo.storesWithFigures(accountId);
      const from = startOfDay(now(), tzOffset);
      const to = new Date(from.getTime() + 86_400_000);
      const orders = new Map((await repo.orderFigures(rows.map((r) => r.store.id), from, to)).map((f) => [f.storeId, f]));
      return rows.map(({ store, workers, customers, vehicles, hasStoreAccount }) => ({
        _id: store.id,
        name: store.name,
        franchiseName: store.franchiseName,
        address: store.address,
        phoneNo: store.phoneNo,
        email: store.email,
        active: store.active,
        hasStoreAccount,
        figures: {
          workers,
          customers,
          vehicles,
          openOrders: orders.get(store.id)?.openOrders ?? 0,
          todaysAppointments: orders.get(store.id)?.todaysAppointments ?? 0,
        },
      }));
    },

    async createStore(accountId: string, body: z.output<typeof ZCreateStore>): Promise<Store> {
      const account = await accountOf(accountId);
      if (await repo.storeNameTaken(account.id, body.name)) {
        throw errors.conflict(`The account already has a store named ${body.name}`);
      }
      const row = await repo.insertStore(account, {
        name: body.name,
        franchiseName: body.franchiseName ?? null,
        email: body.email ?? null,
        phoneNo: body.phoneNo ?? null,
        address: body.address ?? null,
        country: body.country ?? DEFAULT_COUNTRY,
        state: body.state ?? null,
        openTime: body.openTime,
        settings: readStoreSettings(ZStoreSettings.parse({})),
      });
      return presentStore(row);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
