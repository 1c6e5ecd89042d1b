import { describe, expect, it } from 'vitest';
import { estimateTotals, lineAmounts, ZEstimatePart, ZLabourHours } from './estimate.js';

const gst = { name: 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true };
const qst = { name: 'QST', ratePercent: 9.975, onLabour: true, onParts: true, onFees: false };

describe('lineAmounts', () => {
  it('prices labour by the hour and parts by quantity, to the cent', () => {
    const amounts = lineAmounts(
      {
        labourHours: 1.5,
        parts: [{ number: 'BP-1', description: 'Brake pads', quantity: 2, unitPrice: 45_99 }],
        fees: [{ description: 'Disposal', amount: 5_00 }],
      },
      120_00,
    );
    expect(amounts).toEqual({ labour: 180_00, parts: 91_98, fees: 5_00, subtotal: 276_98 });
  });

  it('rounds a fractional quantity to the cent', () => {
    expect(lineAmounts({ labourHours: 0.33, parts: [{ number: null, description: 'Oil', quantity: 4.5, unitPrice: 9_99 }], fees: [] }, 99_99)).toEqual({
      labour: 3300,
      parts: 4496,
      fees: 0,
      subtotal: 7796,
    });
  });
});

describe('estimateTotals', () => {
  const line = (subtotalParts: number, decision: 'approved' | 'declined' | null) => ({
    amounts: { labour: 100_00, parts: subtotalParts, fees: 10_00, subtotal: 110_00 + subtotalParts },
    decision,
  });

  it('applies each tax to what it covers, on the sums', () => {
    const { taxes, totals } = estimateTotals([line(50_00, null), line(20_00, 'approved')], [gst, qst]);
    // GST: 5 % of labour 200 + parts 70 + fees 20 = 290.00 -> 14.50; QST: 9.975 % of 270.00 -> 26.93
    expect(taxes.map((t) => t.amount)).toEqual([14_50, 26_93]);
    expect(totals).toMatchObject({ labour: 200_00, parts: 70_00, fees: 20_00, subtotal: 290_00, tax: 41_43, total: 331_43 });
  });

  it('counts only approved lines, taxes included, in the approved total', () => {
    const { totals } = estimateTotals([line(50_00, 'declined'), line(20_00, 'approved')], [gst]);
    // approved: 130.00 + 5 % = 136.50
    expect(totals.approvedTotal).toBe(136_50);
  });

  it('is all zeros without lines', () => {
    expect(estimateTotals([], [gst]).totals).toEqual({ labour: 0, parts: 0, fees: 0, subtotal: 0, tax: 0, total: 0, approvedTotal: 0 });
  });
});

describe('validation', () => {
  it('refuses more than two decimals of hours or quantity', () => {
    expect(ZLabourHours.safeParse(1.25).success).toBe(true);
    expect(ZLabourHours.safeParse(1.255).success).toBe(false);
    expect(ZEstimatePart.safeParse({ number: null, description: 'x', quantity: 0.001, unitPrice: 1 }).success).toBe(false);
    expect(ZEstimatePart.safeParse({ number: null, description: 'x', quantity: 1, unitPrice: -1 }).success).toBe(false);
  });
});
