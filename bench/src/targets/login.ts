import { eq } from 'drizzle-orm';
import { loginRoute } from '@servicebay/domain';
import { hashPassword } from '../../../apps/server/src/platform/auth/passwords.js';
import { users } from '../../../apps/server/src/platform/db/schema/users.js';
import type { BenchEnv, Engine, Target } from '../scenario.js';
import { startServiceBay } from './servicebay.js';

const PASSWORD = 'Bench-password-1!';

/**
 * Far above what a run can reach, so that every request is a real login (argon2 verification,
 * the user's lookup, a refresh token written, an access token signed) and none a 429.
 */
const NO_LIMIT = String(1_000_000_000);

/**
 * `POST /v2/api/user/login` with a real user's right password, hashed by the server's own
 * `hashPassword`, on the server as `npm start` builds it, with the login rate limits raised
 * through configuration (and only those: the lockout and everything else stay as configured).
 */
export async function loginTarget(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine, {
    config: {
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: NO_LIMIT,
      LOGIN_ATTEMPTS_PER_USERNAME_PER_MINUTE: NO_LIMIT,
    },
  });
  const limits = sb.platform.config.session;
  if (limits.attemptsPerAddressPerMinute < 1e9 || limits.attemptsPerUsernamePerMinute < 1e9) {
    throw new Error('the login rate limits were not raised: every request past the limit would be a 429');
  }
  const store = await sb.make.store();
  const advisor = await sb.make.user('ServiceAdvisor', store);
  await sb.platform.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, advisor.id));
  return {
    app: sb.app,
    request: {
      method: loginRoute.method,
      path: loginRoute.path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: advisor.username, password: PASSWORD }),
    },
    close: sb.close,
  };
}
