import type { User } from '@servicebay/domain';
import type { ApiClient, AppI18n } from '@servicebay/web-core';
import { saveUserLanguage } from './language-api.js';

/**
 * The session's language at sign-in. A language chosen on the login page wins and is saved as the
 * user's, so the next sign-in on any device starts in it; otherwise the user's saved language
 * applies. A choice that cannot be saved (offline) still holds for this session. Answers the user
 * as the session sees it.
 */
export async function userAtSignIn(api: ApiClient, i18n: Pick<AppI18n, 'takeLoginChoice'>, user: User): Promise<User> {
  const chosen = i18n.takeLoginChoice();
  if (!chosen || chosen === user.language) return user;
  try {
    return await saveUserLanguage(api, user.id, chosen);
  } catch {
    return { ...user, language: chosen };
  }
}
