import { describe, expect, it } from 'vitest';
import { estimateTotals, type EstimateLine } from '@servicebay/domain';
import { en } from '@servicebay/locales';
import {
  changeRow,
  decisionOf,
  draftAmounts,
  draftOf,
  draftProblems,
  isDirty,
  isNoLongerRecommended,
  labourRateEntry,
  lineSaveBody,
  maySaveDraft,
  newFee,
  newPart,
  removeRow,
  splitByDecision,
  totalsRows,
  typedCents,
  typedLabourHours,
  typedNumber,
  typedPartNumber,
  typedQuantity,
} from './estimate-lines.js';

function line(id: string, over: Partial<EstimateLine> = {}): EstimateLine {
  return {
    _id: id,
    resultId: `r-${id}`,
    description: 'Front brake pads',
    labourHours: 1.5,
    parts: [{ number: 'BP-1', description: 'Pads', quantity: 2, unitPrice: 45_50 }],
    fees: [{ description: 'Disposal', amount: 5_00 }],
    rank: 0,
    decision: null,
    severity: 'critical',
    amounts: { labour: 180_00, parts: 91_00, fees: 5_00, subtotal: 276_00 },
    ...over,
  };
}

describe('a line as typed', () => {
  it('reads numbers with a comma or a point, anything else as zero', () => {
    expect(typedNumber(1.5)).toBe(1.5);
    expect(typedNumber('1,5')).toBe(1.5);
    expect(typedNumber('2.25')).toBe(2.25);
    expect(typedNumber('')).toBe(0);
    expect(typedNumber('abc')).toBe(0);
  });

  it('keeps prices in cents, never below zero', () => {
    expect(typedCents('45.5')).toBe(45_50);
    expect(typedCents('19,99')).toBe(19_99);
    expect(typedCents(0.005)).toBe(1);
    expect(typedCents(-3)).toBe(0);
    expect(typedCents('')).toBe(0);
    expect(typedCents('x')).toBe(0);
  });

  it('keeps labour hours to the hundredth, between 0 and 999', () => {
    expect(typedLabourHours('1,256')).toBe(1.26);
    expect(typedLabourHours(-2)).toBe(0);
    expect(typedLabourHours(1200)).toBe(999);
    expect(typedLabourHours('')).toBe(0);
  });

  it('keeps quantities to the hundredth', () => {
    expect(typedQuantity('2,333')).toBe(2.33);
    expect(typedQuantity(1)).toBe(1);
    expect(typedQuantity('')).toBe(0);
  });

  it('reads a blank part number as none, and keeps a typed one as typed', () => {
    expect(typedPartNumber('   ')).toBeNull();
    expect(typedPartNumber('')).toBeNull();
    expect(typedPartNumber(' BP-1')).toBe(' BP-1');
  });

  it('adds an empty part (one of it) or fee, changes and removes one row', () => {
    expect(newPart()).toEqual({ number: null, description: '', quantity: 1, unitPrice: 0 });
    expect(newFee()).toEqual({ description: '', amount: 0 });
    const rows = [{ a: 1 }, { a: 2 }, { a: 3 }];
    expect(changeRow(rows, 1, { a: 9 })).toEqual([{ a: 1 }, { a: 9 }, { a: 3 }]);
    expect(changeRow(rows, 1, { a: 9 })[0]).toBe(rows[0]);
    expect(removeRow(rows, 0)).toEqual([{ a: 2 }, { a: 3 }]);
    expect(rows).toHaveLength(3);
  });
});

describe('the draft', () => {
  it("starts as the server's copy, and editing it never changes that copy", () => {
    const l = line('l1');
    const draft = draftOf(l);
    expect(draft).toEqual({ description: l.description, labourHours: 1.5, parts: l.parts, fees: l.fees });
    draft.parts[0]!.quantity = 7;
    expect(l.parts[0]!.quantity).toBe(2);
  });

  it('is dirty once anything differs, and clean again when put back', () => {
    const l = line('l1');
    expect(isDirty(draftOf(l), l)).toBe(false);
    expect(isDirty({ ...draftOf(l), labourHours: 2 }, l)).toBe(true);
    expect(isDirty({ ...draftOf(l), parts: changeRow(draftOf(l).parts, 0, { unitPrice: 1 }) }, l)).toBe(true);
    expect(isDirty({ ...draftOf(l), fees: [] }, l)).toBe(true);
    expect(isDirty({ ...draftOf(l), description: 'Front brake pads' }, l)).toBe(false);
  });

  it('names what is missing', () => {
    const ok = draftOf(line('l1'));
    expect(draftProblems(ok)).toEqual({ descriptionMissing: false, partMissing: false, feeMissing: false, valid: true });
    expect(draftProblems({ ...ok, description: '  ' })).toMatchObject({ descriptionMissing: true, valid: false });
    expect(draftProblems({ ...ok, parts: [...ok.parts, newPart()] })).toMatchObject({ partMissing: true, valid: false });
    expect(draftProblems({ ...ok, parts: changeRow(ok.parts, 0, { quantity: 0 }) })).toMatchObject({ partMissing: true });
    expect(draftProblems({ ...ok, fees: [newFee()] })).toMatchObject({ feeMissing: true, valid: false });
  });

  it('offers Save only for a changed draft with nothing missing', () => {
    const l = line('l1');
    expect(maySaveDraft(draftOf(l), l)).toBe(false);
    expect(maySaveDraft({ ...draftOf(l), labourHours: 2 }, l)).toBe(true);
    expect(maySaveDraft({ ...draftOf(l), description: '' }, l)).toBe(false);
  });

  it('sends the whole line, texts trimmed, a blank part number as none', () => {
    const draft = {
      description: ' Pads and rotors ',
      labourHours: 2.25,
      parts: [
        { number: '  ', description: ' Rotor ', quantity: 2, unitPrice: 80_00 },
        { number: ' BP-1 ', description: 'Pads', quantity: 1, unitPrice: 45_50 },
      ],
      fees: [{ description: ' Shop supplies ', amount: 3_00 }],
    };
    expect(lineSaveBody(draft)).toEqual({
      description: 'Pads and rotors',
      labourHours: 2.25,
      parts: [
        { number: null, description: 'Rotor', quantity: 2, unitPrice: 80_00 },
        { number: 'BP-1', description: 'Pads', quantity: 1, unitPrice: 45_50 },
      ],
      fees: [{ description: 'Shop supplies', amount: 3_00 }],
    });
  });
});

describe('the amounts on screen', () => {
  it("prices the draft as typed at the estimate's labour rate", () => {
    const draft = draftOf(line('l1'));
    expect(draftAmounts(draft, 120_00)).toEqual({ labour: 180_00, parts: 91_00, fees: 5_00, subtotal: 276_00 });
    const more = { ...draft, labourHours: 2, parts: changeRow(draft.parts, 0, { quantity: 3 }), fees: [] };
    expect(draftAmounts(more, 100_00)).toEqual({ labour: 200_00, parts: 136_50, fees: 0, subtotal: 336_50 });
  });

  it('rounds each part and the labour to the cent', () => {
    const draft = { description: 'x', labourHours: 0.33, parts: [{ number: null, description: 'p', quantity: 1.5, unitPrice: 3_33 }], fees: [] };
    expect(draftAmounts(draft, 99_99)).toEqual({ labour: 33_00, parts: 5_00, fees: 0, subtotal: 38_00 });
  });

  it('shows nothing for an empty line', () => {
    expect(draftAmounts({ description: 'x', labourHours: 0, parts: [], fees: [] }, 120_00)).toEqual({
      labour: 0,
      parts: 0,
      fees: 0,
      subtotal: 0,
    });
  });
});

describe('totalsRows', () => {
  const taxes = [
    { name: 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true },
    { name: 'QST', ratePercent: 9.975, onLabour: true, onParts: true, onFees: false },
  ];
  const lines = [line('l1', { decision: 'approved' }), line('l2', { amounts: { labour: 60_00, parts: 0, fees: 0, subtotal: 60_00 }, decision: 'declined' })];
  const estimate = estimateTotals(lines, taxes);

  it('lists labour, parts, fees, subtotal, each tax in order, then the total', () => {
    const rows = totalsRows(estimate);
    expect(rows.map((r) => (r.kind === 'tax' ? `tax:${r.name}` : r.kind))).toEqual([
      'labour',
      'parts',
      'fees',
      'subtotal',
      'tax:GST',
      'tax:QST',
      'total',
    ]);
    expect(rows.map((r) => r.amount)).toEqual([
      240_00,
      91_00,
      5_00,
      336_00,
      16_80,
      // QST on labour and parts only: 9.975 % of 331.00.
      33_02,
      385_82,
    ]);
    expect(rows[5]).toMatchObject({ ratePercent: 9.975 });
  });

  it('adds the approved total on the approved-work page', () => {
    const rows = totalsRows(estimate, true);
    expect(rows.at(-1)).toEqual({ kind: 'approvedTotal', amount: estimate.totals.approvedTotal });
    expect(estimate.totals.approvedTotal).toBe(276_00 + 13_80 + 27_03);
  });

  it('has no tax rows for a store without taxes', () => {
    const untaxed = estimateTotals(lines, []);
    expect(totalsRows(untaxed).map((r) => r.kind)).toEqual(['labour', 'parts', 'fees', 'subtotal', 'total']);
    expect(totalsRows(untaxed).at(-1)!.amount).toBe(336_00);
  });

  it('names labels the catalog has', () => {
    for (const row of totalsRows(estimate, true))
      expect((en.estimates.totals as Record<string, string>)[row.kind], row.kind).toBeTruthy();
  });
});

describe('the lines on the approved-work page', () => {
  const lines = [
    line('a', { decision: 'approved' }),
    line('d', { decision: 'declined' }),
    line('u', { decision: null }),
    line('h', { resultId: null, decision: null, severity: null }),
  ];

  it('splits approved, deferred (declined) and undecided recommended lines', () => {
    const split = splitByDecision(lines);
    expect(split.approved.map((l) => l._id)).toEqual(['a']);
    expect(split.declined.map((l) => l._id)).toEqual(['d']);
    // A line added by hand has nothing for the customer to decide.
    expect(split.undecided.map((l) => l._id)).toEqual(['u']);
  });

  it("tells each line's decision", () => {
    expect(lines.map(decisionOf)).toEqual(['approved', 'declined', 'undecided', 'undecided']);
  });

  it('flags a line whose result became okay or n/a', () => {
    expect(isNoLongerRecommended({ severity: 'okay' })).toBe(true);
    expect(isNoLongerRecommended({ severity: 'na' })).toBe(true);
    expect(isNoLongerRecommended({ severity: 'warning' })).toBe(false);
    expect(isNoLongerRecommended({ severity: null })).toBe(false);
  });
});

describe('labourRateEntry', () => {
  it('offers Set for a changed rate within 0 and 10,000 an hour', () => {
    expect(labourRateEntry(95, 120_00)).toEqual({ cents: 95_00, valid: true, canSet: true });
    expect(labourRateEntry('0', 120_00)).toEqual({ cents: 0, valid: true, canSet: true });
    expect(labourRateEntry(10_000, 120_00)).toMatchObject({ valid: true, canSet: true });
  });

  it('does not offer Set for the current rate', () => {
    expect(labourRateEntry(120, 120_00)).toEqual({ cents: 120_00, valid: true, canSet: false });
  });

  it('refuses a rate out of range or not a number', () => {
    expect(labourRateEntry(10_000.01, 120_00)).toMatchObject({ valid: false, canSet: false });
    expect(labourRateEntry(-1, 120_00)).toMatchObject({ valid: false, canSet: false });
    expect(labourRateEntry('abc', 120_00)).toEqual({ cents: null, valid: false, canSet: false });
  });
});
