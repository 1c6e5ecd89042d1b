import { AppError, errors, isGrantableRole, type StoreUser, type ZCreateStoreUser, type ZUpdateStoreUser } from '@servicebay/domain';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import { presentUser, type IdentityRepository, type PasswordService as Passwords, type StoreRow, type UserRow } from '../identity/index.js';
import type { StoreUsersRepository, WorkerChange } from './store-users.repository.js';

type PasswordService = Pick<Passwords, 'sendResetEmail'>;
type CreateBody = z.output<typeof ZCreateStoreUser>;
type UpdateBody = z.output<typeof ZUpdateStoreUser>;

const taken = (username: string) => errors.conflict(`The username ${username} is already taken`);

export function presentStoreUser(user: UserRow, store: StoreRow): StoreUser {
  return { ...presentUser(user, store), active: user.active };
}

/**
 * The store users page (docs/administration.md): a store's workers managed by its owners and
 * managers. Every lookup is inside the store: a worker of another store is not found.
 */
export function createStoreUsersService(deps: {
  repo: StoreUsersRepository;
  identity: IdentityRepository;
  passwords: PasswordService;
  tokens: TokenService;
}) {
  const { repo, identity, passwords, tokens } = deps;

  /** A worker of the store; a user of another store, or a portal user of its customers, is not found. */
  async function workerOf(store: StoreRow, userId: string): Promise<UserRow> {
    const user = await repo.worker(store.id, userId);
    if (!user) throw errors.notFound('No such worker in this store');
    return user;
  }

  return {
    async list(store: StoreRow): Promise<StoreUser[]> {
      return (await repo.list(store.id)).map((u) => presentStoreUser(u, store));
    },

    async create(store: StoreRow, body: CreateBody): Promise<StoreUser> {
      if (await repo.usernameTaken(body.username)) throw taken(body.username);
      const user = await repo.insert({
        username: body.username,
        type: body.type,
        title: body.title ?? null,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email ?? null,
        language: body.language,
        authorizedToRefund: body.authorizedToRefund,
        isLegacy: body.isLegacy,
        dashboardVersion: body.dashboardVersion,
        passwordHash: body.password ? await hashPassword(body.password) : null,
        pinHash: body.pin ? await hashPassword(body.pin) : null,
        storeId: store.id,
        accountId: store.accountId,
        partnerId: store.partnerId,
        // New staff take the mandatory training before they touch a car (the route guards send them there).
        mandatoryTrainingComplete: false,
      });
      if (!user) throw taken(body.username);
      if (body.sendPasswordEmail) {
        await passwords.sendResetEmail({ username: user.username, language: body.language, address: `store-users:${store.id}` });
      }
      return presentStoreUser(user, store);
    },

    async update(store: StoreRow, caller: Principal, userId: string, body: UpdateBody): Promise<StoreUser> {
      const worker = await workerOf(store, userId);
      if (worker.id === caller.id && body.active === false) throw errors.invalid('active: you cannot deactivate your own account');
      if (body.type !== undefined && body.type !== worker.type) {
        if (worker.id === caller.id) throw errors.invalid('type: you cannot change your own role');
        if (!isGrantableRole(worker.type)) throw errors.invalid(`type: the role ${worker.type} cannot be changed here`);
      }
      if (body.username !== undefined && (await repo.usernameTaken(body.username, worker.id))) throw taken(body.username);
      const change: WorkerChange = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const updated = await repo.update(store.id, worker.id, change);
      if (updated === 'taken') throw taken(body.username ?? '');
      if (!updated) throw errors.notFound('No such worker in this store');
      // A new role or a deactivation ended the worker's sign-ins with the change (the repository
      // cut them off in its transaction); this process refuses the old access tokens at once too.
      if (updated.cutOff) tokens.cutOff(updated.cutOff.userId, updated.cutOff.version);
      return presentStoreUser(updated.user, store);
    },

    async setPassword(store: StoreRow, userId: string, password: string): Promise<void> {
      const worker = await workerOf(store, userId);
      const cut = await identity.setPassword(worker.id, await hashPassword(password));
      if (cut) tokens.cutOff(cut.userId, cut.version);
    },

    async sendPasswordEmail(store: StoreRow, userId: string): Promise<void> {
      const worker = await workerOf(store, userId);
      if (!worker.active) throw errors.invalid('This worker is deactivated');
      if (!worker.email) throw new AppError(400, 'INVALID_ARGUMENTS', 'email: this worker has no e-mail address');
      await passwords.sendResetEmail({ username: worker.username, address: `store-users:${store.id}` });
    },

    async setPin(store: StoreRow, userId: string, pin: string | null): Promise<void> {
      const worker = await workerOf(store, userId);
      await repo.setPin(store.id, worker.id, pin === null ? null : await hashPassword(pin));
    },
  };
}

export type StoreUsersService = ReturnType<typeof createStoreUsersService>;
