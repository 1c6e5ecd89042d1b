import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatMoney, taxProblems } from './money.js';

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
});
