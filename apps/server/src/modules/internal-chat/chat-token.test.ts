import { describe, expect, it } from 'vitest';
import { createChatTokenSigner } from './chat-token.js';

const secret = new TextEncoder().encode('a test secret that is long enough');
const user = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';

describe('chat tokens', () => {
  const signer = createChatTokenSigner(secret, 3600);

  it('is valid for its user and workspace until it expires', async () => {
    const now = new Date('2026-12-02T10:00:00Z');
    const { token, expiresAt } = await signer.sign(user, 'ws-1', now);
    expect(expiresAt.toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(await signer.verify(token, user, 'ws-1', new Date('2026-12-02T10:59:00Z'))).toEqual({ ok: true });
    expect(await signer.verify(token, user, 'ws-1', new Date('2026-12-02T11:00:01Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another user, another workspace, a forged or missing token', async () => {
    const { token } = await signer.sign(user, 'ws-1');
    expect(await signer.verify(token, other, 'ws-1')).toEqual({ ok: false, reason: 'invalid' });
    expect(await signer.verify(token, user, 'ws-2')).toEqual({ ok: false, reason: 'invalid' });
    const forged = await createChatTokenSigner(new TextEncoder().encode('another secret, also long enough'), 3600).sign(user, 'ws-1');
    expect(await signer.verify(forged.token, user, 'ws-1')).toEqual({ ok: false, reason: 'invalid' });
    expect(await signer.verify(`${token}x`, user, 'ws-1')).toEqual({ ok: false, reason: 'invalid' });
    expect(await signer.verify(undefined, user, 'ws-1')).toEqual({ ok: false, reason: 'invalid' });
  });
});
