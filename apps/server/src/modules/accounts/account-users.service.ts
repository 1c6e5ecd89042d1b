import { errors, isAccountGrantableRole, type AccountUser, type ZCreateAccountUser, type ZUpdateAccountUser } from '@servicebay/domain';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.js';
import { presentStoreUser, type StaffUsersService, type UsersPage } from '../stores/index.js';
import type { AccountsRepository } from './accounts.repository.js';

type CreateBody = z.output<typeof ZCreateAccountUser>;
type UpdateBody = z.output<typeof ZUpdateAccountUser>;

/** The account users page's users: the account's account-level users, given the account roles. */
function accountPage(account: { id: string; partnerId: string | null }): UsersPage {
  return {
    scope: { accountId: account.id },
    placement: { storeId: null, accountId: account.id, partnerId: account.partnerId },
    grantable: isAccountGrantableRole,
    noun: 'user',
    place: 'this account',
    mailKey: `account-users:${account.id}`,
  };
}

/**
 * The account users page (docs/administration.md "Account users"): the account's owners, account
 * managers, analytics viewers and payment managers, managed by its owners (and root). The owners
 * are listed but not changed here: nobody on this page edits, deactivates or sets the password of
 * the account's holder.
 */
export function createAccountUsersService(deps: { users: StaffUsersService; accounts: Pick<AccountsRepository, 'byId'> }) {
  const { users, accounts } = deps;

  async function pageOf(accountId: string): Promise<UsersPage> {
    const account = await accounts.byId(accountId);
    if (!account) throw errors.notFound();
    return accountPage(account);
  }

  /** A user this page changes: one of the account's, with a role given here (never an owner). */
  async function managed(page: UsersPage, userId: string) {
    const user = await users.member(page, userId);
    if (!page.grantable(user.type)) throw errors.invalid(`The account's ${user.type} is not managed here`);
    return user;
  }

  return {
    async list(accountId: string): Promise<AccountUser[]> {
      return (await users.list(await pageOf(accountId))).map((u) => presentStoreUser(u, null));
    },
    async create(accountId: string, body: CreateBody): Promise<AccountUser> {
      return presentStoreUser(await users.create(await pageOf(accountId), body), null);
    },
    async update(accountId: string, caller: Principal, userId: string, body: UpdateBody): Promise<AccountUser> {
      const page = await pageOf(accountId);
      await managed(page, userId);
      return presentStoreUser(await users.update(page, caller, userId, body), null);
    },
    async setPassword(accountId: string, userId: string, password: string): Promise<void> {
      const page = await pageOf(accountId);
      await managed(page, userId);
      await users.setPassword(page, userId, password);
    },
    async sendPasswordEmail(accountId: string, userId: string): Promise<void> {
      const page = await pageOf(accountId);
      await managed(page, userId);
      await users.sendPasswordEmail(page, userId);
    },
  };
}

export type AccountUsersService = ReturnType<typeof createAccountUsersService>;
