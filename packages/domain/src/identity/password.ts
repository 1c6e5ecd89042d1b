import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** The special characters of the strength rule (one of them is required). */
export const PASSWORD_SPECIALS = '!#$%&()*+,-./:;<=>?@[]^_{|}~';

export interface PasswordCheck {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  special: boolean;
}

/** Each rule of the strength rule, for the strength meter and the server alike. */
export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= LIMITS.passwordMinLength,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIALS.includes(c)),
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}

export const PASSWORD_RULE_MESSAGE =
  'must have at least 8 characters, an upper-case letter, a lower-case letter, a digit and one of !#$%&()*+,-./:;<=>?@[]^_{|}~';

/** A password must first be a non-blank string: one made only of spaces is no password at all. */
export function isBlankPassword(password: string): boolean {
  return password.trim() === '';
}

export const PASSWORD_BLANK_MESSAGE = 'must not be blank';

/**
 * A password being set or changed: non-blank (checked first, and alone, so a password of spaces is
 * told it is blank rather than what it lacks), then the strength rule.
 */
export const ZStrongPassword = z
  .string()
  .max(1000)
  .refine((password) => !isBlankPassword(password), { message: PASSWORD_BLANK_MESSAGE, abort: true })
  .refine(isStrongPassword, { message: PASSWORD_RULE_MESSAGE });

/** A new password and its confirmation, as the forms send them. */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}
