import { describe, expect, it } from 'vitest';
import { checkPassword, isBlankPassword, isStrongPassword, passwordsMatch, PASSWORD_BLANK_MESSAGE, ZStrongPassword } from './password.js';

describe('password strength', () => {
  it('accepts 8+ characters with upper, lower, digit and a listed special', () => {
    expect(isStrongPassword('Demo1234!')).toBe(true);
    expect(isStrongPassword('aB3{xxxx')).toBe(true);
  });

  it('names each missing rule', () => {
    expect(checkPassword('abc')).toEqual({ length: false, upper: false, lower: true, digit: false, special: false });
    expect(isStrongPassword('Demo12345')).toBe(false);
    expect(isStrongPassword('demo1234!')).toBe(false);
    expect(isStrongPassword('DEMO1234!')).toBe(false);
    expect(isStrongPassword('Demoabcd!')).toBe(false);
    expect(isStrongPassword('De1!')).toBe(false);
  });

  it('does not count characters outside the listed specials', () => {
    expect(isStrongPassword('Demo1234"')).toBe(false);
    expect(isStrongPassword('Demo1234 ')).toBe(false);
  });

  it('validates with the same rule in the schema, and compares confirmations exactly', () => {
    expect(ZStrongPassword.safeParse('Demo1234!').success).toBe(true);
    expect(ZStrongPassword.safeParse('weak').success).toBe(false);
    expect(passwordsMatch('Demo1234!', 'Demo1234!')).toBe(true);
    expect(passwordsMatch('Demo1234!', 'demo1234!')).toBe(false);
  });

  it('refuses a password of spaces as blank, before the strength rule', () => {
    for (const blank of ['', ' ', '        ', '\t \n  ']) {
      expect(isBlankPassword(blank)).toBe(true);
      const parsed = ZStrongPassword.safeParse(blank);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([PASSWORD_BLANK_MESSAGE]);
    }
    expect(isBlankPassword(' Demo1234! ')).toBe(false);
    expect(ZStrongPassword.safeParse(' Demo1234! ').success).toBe(true);
  });
});
