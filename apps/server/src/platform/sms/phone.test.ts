import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['5145550123', '+15145550123'],
    ['(514) 555-0123', '+15145550123'],
    ['514.555.0123', '+15145550123'],
    [' 514 555 0123 ', '+15145550123'],
    ['1-514-555-0123', '+15145550123'],
    ['+1 (514) 555-0123', '+15145550123'],
    ['+33 1 23 45 67 89', '+33123456789'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s is %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['555-0123', 'seven digits'],
    ['0145550123', 'area code starting with 0'],
    ['5141550123', 'exchange starting with 1'],
    ['+1 014 555 0123', 'NANP with a bad area code'],
    ['+0 123 456 789', 'country code 0'],
    ['+1234567890123456', 'more than 15 digits'],
    ['33123456789', 'international without +'],
    ['514-555-0123 ext 4', 'letters'],
    ['+1 514 555 0123; drop table', 'injection'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});
