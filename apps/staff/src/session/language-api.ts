import { userLanguageRoute, type Language, type User } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** Saves the signed-in user's display language; answers the user as saved. */
export function saveUserLanguage(api: ApiClient, userId: string, language: Language, signal?: AbortSignal): Promise<User> {
  return api.call(userLanguageRoute, { params: { userId }, body: { language }, signal });
}
