import { describe, expect, it } from 'vitest';
import type { AnyRoute, Language, User } from '@servicebay/domain';
import { ApiError, type ApiClient } from '@servicebay/web-core';
import { userAtSignIn } from './user-language.js';

const user = (language: Language) => ({ _id: 'u1', id: 'u1', username: 'tech', language }) as User;

/** An API client that answers the language save (or fails it), recording what was sent. */
function api(answer: (body: { language: Language }) => unknown) {
  const sent: unknown[] = [];
  const client = {
    call: async (route: AnyRoute, options: { params: unknown; body: { language: Language } }) => {
      sent.push({ route: route.id, params: options.params, body: options.body });
      const result = answer(options.body);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as ApiClient;
  return { client, sent };
}

const choice = (language: Language | null) => ({ takeLoginChoice: () => language });

describe('userAtSignIn', () => {
  it("keeps the user's saved language when nothing was chosen on the login page", async () => {
    const { client, sent } = api(() => new Error('not called'));
    await expect(userAtSignIn(client, choice(null), user('fr'))).resolves.toMatchObject({ language: 'fr' });
    expect(sent).toEqual([]);
  });

  it('saves the login page choice as the user\'s language and answers the saved user', async () => {
    const { client, sent } = api((body) => ({ ...user(body.language), firstName: 'Saved' }));
    await expect(userAtSignIn(client, choice('fr'), user('en'))).resolves.toMatchObject({ language: 'fr', firstName: 'Saved' });
    expect(sent).toEqual([{ route: 'session.userLanguage', params: { userId: 'u1' }, body: { language: 'fr' } }]);
  });

  it('saves nothing when the choice already is the user\'s language', async () => {
    const { client, sent } = api(() => new Error('not called'));
    await expect(userAtSignIn(client, choice('en'), user('en'))).resolves.toMatchObject({ language: 'en' });
    expect(sent).toEqual([]);
  });

  it('keeps the choice for the session when it cannot be saved', async () => {
    const { client } = api(() => new ApiError(0, 'NETWORK_ERROR', 'No internet connection'));
    await expect(userAtSignIn(client, choice('fr'), user('en'))).resolves.toMatchObject({ id: 'u1', language: 'fr' });
  });
});
