import { describe, expect, it } from 'vitest';
import { findUnsafeText, isUnsafeText } from './text.js';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, and accepts paired ones', () => {
    expect(isUnsafeText('pat\u0000@example.com')).toBe(true);
    expect(isUnsafeText('a\uD800b')).toBe(true);
    expect(isUnsafeText('a\uDC00')).toBe(true);
    expect(isUnsafeText('\uD800')).toBe(true);
    expect(isUnsafeText('tyre \uD83D\uDE97 ok, é, 漢字')).toBe(false);
    expect(isUnsafeText('')).toBe(false);
  });

  it('names the first field at fault, keys included, at any depth', () => {
    expect(findUnsafeText({ customer: { firstName: 'Pat', lastName: 'x\u0000' } })).toEqual([
      'customer',
      'lastName',
    ]);
    expect(findUnsafeText({ list: ['ok', { ['k\u0000']: 1 }] })).toEqual(['list', 1, 'k\u0000']);
    expect(findUnsafeText('\uDFFF')).toEqual([]);
    expect(findUnsafeText({ a: 1, b: null, c: [true, 'fine'] })).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
  });
});
