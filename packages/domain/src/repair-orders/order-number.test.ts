import { describe, expect, it } from 'vitest';
import { normalizeOrderNumber, orderNumberDisplay } from './order-number.js';

describe('order number display', () => {
  it('short label by default, long on request', () => {
    expect(orderNumberDisplay('10234')).toEqual({
      kind: 'number',
      number: '10234',
      key: 'orderNumber.short',
    });
    expect(orderNumberDisplay(' 10234 ', 'long')).toEqual({
      kind: 'number',
      number: '10234',
      key: 'orderNumber.long',
    });
  });

  it("'no order number' for a missing or blank one", () => {
    for (const value of [null, undefined, '', '   ']) {
      expect(orderNumberDisplay(value)).toEqual({ kind: 'none', key: 'orderNumber.none' });
      expect(normalizeOrderNumber(value)).toBeNull();
    }
  });
});
