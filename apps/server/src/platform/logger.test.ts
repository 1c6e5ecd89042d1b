import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc.def.ghi')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/x?a=1&refreshToken=zzz&b=2')).toBe('/x?a=1&refreshToken=[redacted]&b=2');
    expect(redactUrl('/health')).toBe('/health');
  });
});
