import { DEFAULT_COUNTRY, errors, readStoreSettings, ZStoreSettings, type AccountSetupResult, type ZAccountSetup } from '@servicebay/domain';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { IdentityRepository, PasswordService as Passwords } from '../identity/index.js';
import { presentStore, presentStoreUser } from '../stores/index.js';
import { SetupRefused, type AccountSetupRepository } from './account-setup.repository.js';

type PasswordService = Pick<Passwords, 'sendResetEmail'>;

const ownerHasAccount = () => errors.conflict('You already have an account');
const taken = (username?: string) =>
  errors.conflict(username ? `The username ${username} is already taken` : 'A username is already taken');

/**
 * The setup wizard (docs/administration.md): an owner without an account opens it, with its
 * first store and workers, all or nothing. The workers then receive the password e-mail.
 */
export function createAccountSetupService(deps: {
  repo: AccountSetupRepository;
  identity: Pick<IdentityRepository, 'userById'>;
  passwords: PasswordService;
  logger: Pick<Logger, 'warn'>;
}) {
  const { repo, identity, passwords, logger } = deps;
  return {
    async setup(ownerId: string, body: z.output<typeof ZAccountSetup>): Promise<AccountSetupResult> {
      // The stored user decides, not the token: a token issued before the set-up still says no account.
      const owner = await identity.userById(ownerId);
      if (!owner || owner.type !== 'owner') throw errors.forbidden();
      if (owner.accountId) throw ownerHasAccount();
      const takenNow = new Set((await repo.takenUsernames(body.workers.map((w) => w.username))).map((u) => u.toLowerCase()));
      const first = body.workers.find((w) => takenNow.has(w.username.toLowerCase()));
      // Named as the owner typed it. The unique index still decides under races (in the transaction).
      if (first) throw taken(first.username);

      let created;
      try {
        created = await repo.setup({
          ownerId: owner.id,
          partnerId: owner.partnerId,
          accountName: body.account.name,
          store: {
            name: body.store.name,
            franchiseName: body.store.franchiseName ?? null,
            email: body.store.email,
            phoneNo: body.store.phoneNo,
            address: body.store.address,
            country: body.store.country ?? DEFAULT_COUNTRY,
            state: body.store.state ?? null,
            openTime: body.store.openTime,
            settings: readStoreSettings(ZStoreSettings.parse({})),
          },
          workers: body.workers.map((w) => ({
            username: w.username,
            type: w.type,
            firstName: w.firstName,
            lastName: w.lastName,
            email: w.email,
            language: w.language,
          })),
        });
      } catch (error) {
        if (error instanceof SetupRefused) throw error.reason === 'ownerHasAccount' ? ownerHasAccount() : taken(error.username);
        throw error;
      }

      // After the commit: a mail that cannot go out never undoes the account; the owner can send
      // it again from the store users page.
      for (const worker of created.workers) {
        try {
          await passwords.sendResetEmail({ username: worker.username, language: worker.language === 'fr' ? 'fr' : 'en', address: `setup:${owner.id}` });
        } catch (error) {
          logger.warn({ err: error, userId: worker.id }, 'set-up: password e-mail not sent');
        }
      }

      const { account, store, workers } = created;
      return {
        account: { _id: account.id, name: account.name, partnerId: account.partnerId, storeCount: 1 },
        store: presentStore(store),
        workers: workers.map((w) => presentStoreUser(w, store)),
      };
    },
  };
}
export type AccountSetupService = ReturnType<typeof createAccountSetupService>;
