import { describe, expect, it } from 'vitest';
import type { StoreFigures } from '@servicebay/domain';
import { formatRate, todayTexts } from './store-figures.js';

const figures = (over: Partial<StoreFigures> = {}): StoreFigures => ({
  day: '2026-03-10',
  timeZone: 'America/Toronto',
  storeId: 's',
  currency: 'CAD',
  carCount: 1234,
  averageRepairOrder: 123_456,
  approvalRate: 0.5833,
  decidedOrders: 2,
  approvedAmount: 246_912,
  decidedAmount: 423_278,
  openByStage: { inspecting: 0, estimating: 0, awaitingApproval: 0, awaitingParts: 0, working: 0, finished: 0 },
  ...over,
});
// French puts a (narrow) no-break space before % and $ and between thousands.
const spaces = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('todayTexts', () => {
  it("writes the store's money and shares in English", () => {
    expect(todayTexts(figures(), 'en')).toEqual({ cars: '1,234', averageRepairOrder: '$1,234.56', approvalRate: '58%' });
    expect(todayTexts(figures({ currency: 'USD' }), 'en').averageRepairOrder).toBe('$1,234.56');
  });

  it('writes them in French', () => {
    const texts = todayTexts(figures(), 'fr');
    expect(spaces(texts.cars)).toBe('1 234');
    expect(spaces(texts.averageRepairOrder)).toBe('1 234,56 $');
    expect(spaces(texts.approvalRate)).toBe('58 %');
  });

  it('has no average and no rate before a customer decides', () => {
    expect(todayTexts(figures({ carCount: 0, averageRepairOrder: null, approvalRate: null }), 'en')).toEqual({
      cars: '0',
      averageRepairOrder: null,
      approvalRate: null,
    });
  });
});

describe('formatRate', () => {
  it('rounds to a whole percentage', () => {
    expect(formatRate(1, 'en')).toBe('100%');
    expect(formatRate(0, 'en')).toBe('0%');
    expect(formatRate(0.996, 'en')).toBe('100%');
    expect(formatRate(0.004, 'en')).toBe('0%');
  });
});
