import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createReportLinkSigner } from './report-link-token.js';

const signer = createReportLinkSigner(new TextEncoder().encode('a secret of the server, long enough'));
const linkId = randomUUID();
const orderId = randomUUID();

describe('report link tokens', () => {
  it('verifies a token made for the order', () => {
    expect(signer.verify(signer.sign(linkId, orderId), orderId)).toBe(linkId);
  });

  it('refuses a token of another order', () => {
    expect(signer.verify(signer.sign(linkId, orderId), randomUUID())).toBeNull();
  });

  it('refuses a tampered token', () => {
    const token = signer.sign(linkId, orderId);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(signer.verify(token.slice(0, -1) + last, orderId)).toBeNull();
    expect(signer.verify(`${randomUUID()}${token.slice(36)}`, orderId)).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const bad of ['', '.', 'abc', `${linkId}.`, `${linkId}`, 'x'.repeat(500), `../${linkId}.zz`]) {
      expect(signer.verify(bad, orderId)).toBeNull();
    }
  });

  it('refuses a token signed with another secret', () => {
    const other = createReportLinkSigner(new TextEncoder().encode('another secret entirely, also long'));
    expect(signer.verify(other.sign(linkId, orderId), orderId)).toBeNull();
  });
});
