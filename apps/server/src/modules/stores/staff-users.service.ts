import { AppError, errors, type Language } from '@servicebay/domain';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { IdentityRepository, PasswordService as Passwords, UserRow } from '../identity/index.js';
import type { StaffUserChange, StaffUsersRepository, UserScope } from './staff-users.repository.js';

type PasswordService = Pick<Passwords, 'sendResetEmail'>;

/**
 * A page that manages users: which users it reaches, where a new one goes, which roles it gives.
 * The store users page is a store's workers; the account users page its account-level users.
 */
export interface UsersPage {
  scope: UserScope;
  /** Where a new user is placed. */
  placement: { storeId: string | null; accountId: string; partnerId: string | null };
  /** The roles given, and changed, on this page; a user with another role keeps it. */
  grantable: (role: string) => boolean;
  /** What the page calls its users and its scope, in refusals ("worker", "this store"). */
  noun: string;
  place: string;
  /** Whose password e-mails count together in the limiter. */
  mailKey: string;
}

/** A new user as the pages send it, checked by the route's schema. */
export interface NewUserInput {
  username: string;
  type: string;
  title?: string | null;
  firstName: string;
  lastName: string;
  email?: string | null;
  language: Language;
  authorizedToRefund?: boolean;
  isLegacy?: boolean;
  dashboardVersion?: number;
  password?: string;
  pin?: string;
  sendPasswordEmail: boolean;
}

const taken = (username: string) => errors.conflict(`The username ${username} is already taken`);

/**
 * What the store users and account users pages share: creating a user (password set, mailed or
 * left for later), changing one (a new role or a deactivation ends its sign-ins at once), its
 * password and PIN. Every lookup is inside the page's scope: anyone else is not found.
 */
export function createStaffUsersService(deps: {
  repo: StaffUsersRepository;
  identity: IdentityRepository;
  passwords: PasswordService;
  tokens: TokenService;
}) {
  const { repo, identity, passwords, tokens } = deps;

  /** A user of the page's scope; anyone else (another store or account, a portal user) is not found. */
  async function member(page: UsersPage, userId: string): Promise<UserRow> {
    const user = await repo.member(page.scope, userId);
    if (!user) throw errors.notFound(`No such ${page.noun} in ${page.place}`);
    return user;
  }

  return {
    member,

    list: (page: UsersPage): Promise<UserRow[]> => repo.list(page.scope),

    async create(page: UsersPage, body: NewUserInput): Promise<UserRow> {
      if (await repo.usernameTaken(body.username)) throw taken(body.username);
      const user = await repo.insert({
        username: body.username,
        type: body.type,
        title: body.title ?? null,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email ?? null,
        language: body.language,
        authorizedToRefund: body.authorizedToRefund ?? false,
        isLegacy: body.isLegacy ?? false,
        dashboardVersion: body.dashboardVersion ?? 2,
        passwordHash: body.password ? await hashPassword(body.password) : null,
        pinHash: body.pin ? await hashPassword(body.pin) : null,
        ...page.placement,
        // New staff take the mandatory training first (the route guards send them there).
        mandatoryTrainingComplete: false,
      });
      if (!user) throw taken(body.username);
      if (body.sendPasswordEmail) {
        await passwords.sendResetEmail({ username: user.username, language: body.language, address: page.mailKey });
      }
      return user;
    },

    async update(page: UsersPage, caller: Principal, userId: string, body: StaffUserChange): Promise<UserRow> {
      const user = await member(page, userId);
      if (user.id === caller.id && body.active === false) throw errors.invalid('active: you cannot deactivate your own account');
      if (body.type !== undefined && body.type !== user.type) {
        if (user.id === caller.id) throw errors.invalid('type: you cannot change your own role');
        if (!page.grantable(user.type)) throw errors.invalid(`type: the role ${user.type} cannot be changed here`);
      }
      if (body.username !== undefined && (await repo.usernameTaken(body.username, user.id))) throw taken(body.username);
      const change: StaffUserChange = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const updated = await repo.update(page.scope, user.id, change);
      if (updated === 'taken') throw taken(body.username ?? '');
      if (!updated) throw errors.notFound(`No such ${page.noun} in ${page.place}`);
      // A new role or a deactivation ended the user's sign-ins with the change (the repository
      // cut them off in its transaction); this process refuses the old access tokens at once too.
      if (updated.cutOff) tokens.cutOff(updated.cutOff.userId, updated.cutOff.version);
      return updated.user;
    },

    async setPassword(page: UsersPage, userId: string, password: string): Promise<void> {
      const user = await member(page, userId);
      const cut = await identity.setPassword(user.id, await hashPassword(password));
      if (cut) tokens.cutOff(cut.userId, cut.version);
    },

    async sendPasswordEmail(page: UsersPage, userId: string): Promise<void> {
      const user = await member(page, userId);
      if (!user.active) throw errors.invalid(`This ${page.noun} is deactivated`);
      if (!user.email) throw new AppError(400, 'INVALID_ARGUMENTS', `email: this ${page.noun} has no e-mail address`);
      await passwords.sendResetEmail({ username: user.username, address: page.mailKey });
    },

    async setPin(page: UsersPage, userId: string, pin: string | null): Promise<void> {
      const user = await member(page, userId);
      await repo.setPin(page.scope, user.id, pin === null ? null : await hashPassword(pin));
    },
  };
}

export type StaffUsersService = ReturnType<typeof createStaffUsersService>;
