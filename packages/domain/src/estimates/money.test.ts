import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatMoney, formatPercent, taxName, taxProblems } from './money.js';

const tax = (name: string, extra = {}) => ({
  name,
  ratePercent: 5,
  onLabour: true,
  onParts: true,
  onFees: true,
  ...extra,
});

describe('money', () => {
  it('turns typed amounts into cents and back', () => {
    expect(amountToCents(123.456)).toBe(12346);
    expect(amountToCents('45,99')).toBe(4599);
    expect(amountToCents('')).toBe(0);
    expect(amountToCents('abc')).toBeNull();
    expect(amountToCents(null)).toBeNull();
    expect(centsToAmount(12345)).toBe(123.45);
  });

  it('formats in the currency and language', () => {
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(123450, 'CAD', 'fr').replace(/\s/g, ' ')).toBe('1 234,50 $');
  });

  it("writes a store's dollars one way per currency and language: Canadian dollars as Canadians do", () => {
    // Not "CA$126.47" on one page and "$126.47" on the next: every page formats with formatMoney.
    expect(formatMoney(12647, 'CAD', 'en')).toBe('$126.47');
    expect(formatMoney(12647, 'USD', 'en')).toBe('$126.47');
    expect(formatMoney(12647, 'CAD', 'fr').replace(/\s/g, ' ')).toBe('126,47 $');
    expect(formatMoney(12647, 'USD', 'fr').replace(/\s/g, ' ')).toBe('126,47 $US');
  });
});

describe('rates and tax names', () => {
  it('write a rate by the language: a decimal comma and a no-break space before % in French', () => {
    expect(formatPercent(9.975, 'en')).toBe('9.975%');
    expect(formatPercent(5, 'en')).toBe('5%');
    expect(formatPercent(9.975, 'fr')).toBe('9,975\u00a0%');
    expect(formatPercent(5, 'fr')).toBe('5\u00a0%');
  });

  it('name a tax in French when the store gave a French name, else by its name', () => {
    const gst = tax('GST', { nameFr: 'TPS' });
    expect(taxName(gst, 'en')).toBe('GST');
    expect(taxName(gst, 'fr')).toBe('TPS');
    // Settings saved before French names existed, or left blank: the name in both languages.
    expect(taxName(tax('HST'), 'fr')).toBe('HST');
    expect(taxName(tax('HST', { nameFr: '  ' }), 'fr')).toBe('HST');
  });
});

describe('taxProblems', () => {
  it('accepts distinct named taxes applying to something', () => {
    expect(taxProblems([tax('GST'), tax('QST', { onFees: false })])).toEqual([]);
  });

  it('names blank or repeated names, rates out of range and taxes on nothing', () => {
    expect(
      taxProblems([
        tax(' '),
        tax('GST'),
        tax('gst'),
        tax('HST', { ratePercent: 101 }),
        tax('PST', { onLabour: false, onParts: false, onFees: false }),
      ]),
    ).toEqual([
      { index: 0, problem: 'nameMissing' },
      { index: 2, problem: 'nameTaken' },
      { index: 3, problem: 'rateOutOfRange' },
      { index: 4, problem: 'appliesToNothing' },
    ]);
  });

  it('wants each French name unique too, a missing one standing for the name', () => {
    expect(taxProblems([tax('GST', { nameFr: 'TPS' }), tax('QST', { nameFr: 'TVQ' })])).toEqual([]);
    expect(taxProblems([tax('GST', { nameFr: 'TPS' }), tax('TPS')])).toEqual([{ index: 1, problem: 'nameTaken' }]);
    expect(taxProblems([tax('GST', { nameFr: 'Taxe' }), tax('QST', { nameFr: 'taxe' })])).toEqual([
      { index: 1, problem: 'nameTaken' },
    ]);
  });
});
