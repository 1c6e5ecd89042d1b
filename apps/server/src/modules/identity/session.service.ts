import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError, isRole, type Role, type TokenPair } from '@servicebay/domain';
import type { TokenService } from '../../platform/auth/tokens.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { IdentityRepository, UserRow } from './identity.repository.js';
import type { Limiter } from './login-limiter.js';
import { principalOf } from './user.presenter.js';

export interface SessionPolicy {
  maxFailedLogins: number;
  lockMinutes: number;
  refreshTokenTtlDays: number;
}

const BAD_CREDENTIALS = 'Could not login with that user name and password';
const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', BAD_CREDENTIALS);
const invalidRefresh = () => new AppError(401, 'INVALID_REFRESH_TOKEN', 'Refresh token is invalid, used or expired');
/** A name's failures are forgotten after a day without one; a success or a reset forgets them at once. */
const FORGET_FAILURES_MS = 24 * 3_600_000;
const tooMany = () => new AppError(429, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in a minute');

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex');
}

/** An admin logged in as a role of a store (hijack): the token speaks for that role there. */
export interface Acting {
  type: Role;
  storeId: string;
}

/** Which users sign in at their account's identity provider (sso.service.ts). */
export interface SsoDirectory {
  /** The address that starts a user's single sign-on, or null when the user signs in here. */
  loginUrlFor(user: UserRow, typedUsername: string): Promise<string | null>;
}

export interface SessionDeps {
  repo: IdentityRepository;
  tokens: TokenService;
  policy: SessionPolicy;
  limiters: { perAddress: Limiter; perUsername: Limiter };
  sso: SsoDirectory;
  /** Whether a customer gave a shop this e-mail, for the portal's welcome text (docs/portal-users.md). */
  customerEmailKnown?: (email: string) => Promise<boolean>;
}

type Issue = (user: UserRow, familyId: string, acting?: Acting) => Promise<TokenPair>;
type CheckSecret = (name: string, user: UserRow | null, stored: string | null, given: string) => Promise<UserRow>;

/** A token pair for a user, its refresh token stored in the given family. */
function issuer({ repo, tokens, policy }: SessionDeps): Issue {
  async function issue(user: UserRow, familyId: string, acting?: Acting): Promise<TokenPair> {
    const store = await repo.storeById(acting?.storeId ?? user.storeId);
    const refreshToken = randomBytes(32).toString('base64url');
    await repo.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + policy.refreshTokenTtlDays * 86_400_000),
      actingType: acting?.type ?? null,
      actingStoreId: acting?.storeId ?? null,
      tokenVersion: user.tokenVersion,
    });
    return { token: await tokens.signAccess(principalOf(user, store, acting), user.tokenVersion), refreshToken };
  }
  return issue;
}

/** The password or PIN check against the typed name's lockout, with its own unknown-user hash and purge clock. */
function secretChecker({ repo, policy }: SessionDeps): CheckSecret {
  // Verifying against a real hash for unknown users keeps their answer as slow as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(randomUUID()));
  let lastPurge = 0;

  /**
   * Checks a password or PIN against the lockout of the typed name. Failures count per name,
   * whether or not such a user exists: an unknown, inactive or password-less name (user null)
   * fails like a wrong password, so the answers (401, then 403 once locked) and the work done to
   * give them are the same, and nothing tells which names exist.
   */
  async function checkSecret(name: string, user: UserRow | null, stored: string | null, given: string): Promise<UserRow> {
    const locked = () => new AppError(403, 'ACCOUNT_LOCKED', `The account ${name} is locked after too many failed attempts`);
    const counted = await repo.loginFailuresOf(name);
    if (counted?.lockedUntil && counted.lockedUntil > new Date()) throw locked();
    // Verified against a real hash when there is none, so an unknown name is as slow as a wrong password.
    const right = await verifyPassword(user && stored ? stored : await dummy(), given);
    if (!user || !stored || !right) {
      const lockUntil = new Date(Date.now() + policy.lockMinutes * 60_000);
      const lock = await repo.recordLoginFailure(name, policy.maxFailedLogins, lockUntil, FORGET_FAILURES_MS);
      purgeNowAndThen();
      if (lock) throw locked();
      throw invalidCredentials();
    }
    if (counted) await repo.clearLoginFailures(name);
    return user;
  }

  /** Forgets quiet names at most once an hour per process, so guessed names do not pile up. */
  function purgeNowAndThen() {
    if (Date.now() - lastPurge < 3_600_000) return;
    lastPurge = Date.now();
    repo.purgeLoginFailures(new Date(Date.now() - FORGET_FAILURES_MS)).catch(() => {
      lastPurge = 0;
    });
  }

  return checkSecret;
}

/** Signing in: by password, as a chosen worker, after single sign-on; the strategy lookup; the admin PIN. */
function signInOperations(deps: SessionDeps, issue: Issue, checkSecret: CheckSecret) {
  const { repo, limiters, sso } = deps;
  return {
    async login(input: { username: string; password: string; address: string }): Promise<TokenPair> {
      const username = input.username.trim();
      if (!limiters.perAddress.hit(`addr:${input.address}`) || !limiters.perUsername.hit(`user:${username.toLowerCase()}`)) {
        throw tooMany();
      }
      const found = await repo.userByUsername(username);
      const user = found?.active && found.passwordHash ? found : null;
      return issue(await checkSecret(username, user, user?.passwordHash ?? null, input.password), randomUUID());
    },

    /** Worker selection: the chosen worker proves who they are with their password or PIN. */
    async loginWorker(input: {
      user: UserRow;
      secret: { password?: string; pin?: string };
      address: string;
    }): Promise<TokenPair> {
      if (!limiters.perAddress.hit(`addr:${input.address}`) || !limiters.perUsername.hit(`user:${input.user.id}`)) {
        throw tooMany();
      }
      const { user, secret } = input;
      const stored = secret.pin !== undefined ? user.pinHash : user.passwordHash;
      return issue(await checkSecret(user.username, user, stored, secret.pin ?? secret.password ?? ''), randomUUID());
    },

    async strategy(
      username: string,
      address: string,
    ): Promise<{ strategy: 'default' | 'sso'; loginUrl?: string; firstName?: string }> {
      // Unknown names answer 400, which tells who has an account: limit the asking.
      if (!limiters.perAddress.hit(`strategy:${address}`)) throw tooMany();
      const user = await repo.userByUsername(username.trim());
      if (!user || !user.active) {
        // Same message; the code tells the portal that this e-mail may register (its welcome text).
        const customer = !user && (await deps.customerEmailKnown?.(username.trim()));
        throw new AppError(400, customer ? 'CUSTOMER_WITHOUT_USER' : 'USER_NOT_FOUND', `We don't have a user ${username.trim()}`);
      }
      const loginUrl = await sso.loginUrlFor(user, username.trim());
      if (loginUrl) return { strategy: 'sso', loginUrl };
      return user.firstName ? { strategy: 'default', firstName: user.firstName } : { strategy: 'default' };
    },

    /**
     * A new sign-in for a user whose identity was proven elsewhere (single sign-on): a token pair
     * starting its own refresh family, exactly as a password login makes.
     */
    async startSession(user: UserRow): Promise<TokenPair> {
      return issue(user, randomUUID());
    },

    /** Admin-area entry with the store's PIN, limited like a login since a PIN is short. */
    async confirmAdminPin(input: { userId: string; storeId: string; pin: string }): Promise<void> {
      if (!limiters.perUsername.hit(`pin:${input.userId}`)) throw tooMany();
      const store = await repo.storeById(input.storeId);
      if (!(await verifyPassword(store?.adminPinHash ?? null, input.pin))) throw invalidCredentials();
    },
  };
}

/** A sign-in going on: its refresh token rotated, switched to act for a store (hijack), ended. */
function sessionOperations({ repo }: SessionDeps, issue: Issue) {
  return {
    async refresh(refreshToken: string): Promise<TokenPair> {
      const row = await repo.refreshTokenByHash(sha256(refreshToken));
      if (!row || row.revokedAt || row.expiresAt <= new Date()) throw invalidRefresh();
      // The conditional update is atomic: of two concurrent uses of one token, only one wins.
      if (!(await repo.useRefreshToken(row.id))) {
        // Used before: whoever holds the other copy is not to be trusted, so end the sign-in.
        await repo.revokeFamily(row.familyId);
        throw invalidRefresh();
      }
      const user = await repo.userById(row.userId);
      // A sign-in that began before the user's sign-ins were ended (role change, deactivation,
      // new password) is over, even if its token escaped the revocation by a hair.
      if (!user || !user.active || row.tokenVersion < user.tokenVersion) {
        await repo.revokeFamily(row.familyId);
        throw invalidRefresh();
      }
      const acting = row.actingStoreId && isRole(row.actingType) ? { type: row.actingType, storeId: row.actingStoreId } : undefined;
      return issue(user, row.familyId, acting);
    },

    /**
     * Hijack (POST /v2/api/user/login/hijack): an admin signs in as a store's shared account, or
     * as a role of the store, in a new sign-in; `hijack: false` goes back to its own identity.
     * The caller's right to act for the store is checked by the route.
     */
    async hijack(input: { caller: UserRow; storeId: string; hijack: boolean; asStore: boolean; role?: Role }): Promise<TokenPair> {
      if (!input.hijack) {
        const own = (await repo.updateUser(input.caller.id, { lastRoleUsed: null })) ?? input.caller;
        return issue(own, randomUUID());
      }
      if (input.asStore) {
        const storeAccount = await repo.storeAccountOf(input.storeId);
        if (!storeAccount) throw new AppError(404, 'NOT_FOUND', 'This store has no store account');
        return issue(storeAccount, randomUUID());
      }
      if (!input.role) throw new AppError(400, 'INVALID_ARGUMENTS', 'role is mandatory');
      const user = (await repo.updateUser(input.caller.id, { lastRoleUsed: input.role })) ?? input.caller;
      return issue(user, randomUUID(), { type: input.role, storeId: input.storeId });
    },

    async logout(refreshToken: string): Promise<void> {
      const row = await repo.refreshTokenByHash(sha256(refreshToken));
      if (row) await repo.revokeFamily(row.familyId);
    },
  };
}

export function createSessionService(deps: SessionDeps) {
  const issue = issuer(deps);
  return { ...signInOperations(deps, issue, secretChecker(deps)), ...sessionOperations(deps, issue) };
}

export type SessionService = ReturnType<typeof createSessionService>;
