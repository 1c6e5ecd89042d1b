import { describe, expect, it } from 'vitest';
import { checkVin, isPlausibleVin, vinCheckDigit, vinModelYear } from './vin.js';

describe('VIN plausibility', () => {
  it('takes 17 characters with a digit and a letter, trimmed', () => {
    expect(isPlausibleVin(' 1HGCM82633A004352 ')).toBe(true);
  });
  it.each([
    ['16 characters', '1HGCM82633A00435'],
    ['18 characters', '1HGCM82633A0043521'],
    ['no letter', '12345678901234567'],
    ['no digit', 'ABCDEFGHJKLMNPRST'],
    ['a space', '1HGCM82 33A004352'],
    ['a hyphen', '1HGCM82-33A004352'],
    ['a #', '1HGCM82#33A004352'],
    ['a parenthesis', '1HGCM82(33A004352'],
  ])('refuses %s', (_what, vin) => {
    expect(isPlausibleVin(vin)).toBe(false);
  });
});

describe('49 CFR 565 check digit', () => {
  it('computes digits and X', () => {
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });
  it('passes a correct VIN without warnings', () => {
    expect(checkVin('1m8gdm9axkp042788')).toEqual({
      vin: '1M8GDM9AXKP042788',
      plausible: true,
      valid: true,
      warnings: [],
      correction: null,
    });
  });
  it('warns on a wrong check digit and proposes the corrected VIN', () => {
    expect(checkVin('1HGCM82683A004352')).toMatchObject({
      valid: false,
      warnings: ['CHECK_DIGIT'],
      correction: '1HGCM82633A004352',
    });
  });
  it('warns on I, O and Q and reads them as 1 and 0', () => {
    expect(checkVin('1HGCM82633AOQ4352')).toMatchObject({
      valid: false,
      warnings: ['FORBIDDEN_LETTERS'],
      correction: '1HGCM82633A004352',
    });
  });
  it('says nothing about entries that are not VINs', () => {
    expect(checkVin('2012 Honda Civic')).toMatchObject({ plausible: false, warnings: [], correction: null });
  });
});

describe('model year (position 10)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('uses position 7 to pick the 30-year cycle', () => {
    expect(vinModelYear('1HGCM82633A004352', now)).toBe(2003);
    expect(vinModelYear('KM8K2CAB4PU001140', now)).toBe(2023);
    expect(vinModelYear('1M8GDM9AXKP042788', now)).toBe(1989);
  });
  it('gives none for 0 or a letter that is never a year', () => {
    expect(vinModelYear('WVWZZZ1JZ0W000000', now)).toBeNull();
    expect(vinModelYear('1HGCM8263UA004352', now)).toBeNull();
  });
});
