import { describe, expect, it } from 'vitest';
import { estimateTotals, lineAmounts, type EstimateLine } from '@servicebay/domain';
import { en } from '@servicebay/locales';
import {
  changeRow,
  differsFromServer,
  draftAmounts,
  draftOf,
  draftTotals,
  draftWithJob,
  fieldPaths,
  fieldProblems,
  isNoLongerRecommended,
  labourRateEntry,
  lineSaveBody,
  newFee,
  newPart,
  readCents,
  readNumber,
  removeRow,
  shownProblems,
  splitByDecision,
  totalsRows,
  touchedAfterRemoval,
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
  it('reads numbers with a comma or a point; a blank or anything else is no number', () => {
    expect(readNumber(1.5)).toBe(1.5);
    expect(readNumber('1,5')).toBe(1.5);
    expect(readNumber(' 2.25 ')).toBe(2.25);
    expect(readNumber('')).toBeNull();
    expect(readNumber('.')).toBeNull();
    expect(readNumber('abc')).toBeNull();
  });

  it('reads dollars as cents, rounded to the cent', () => {
    expect(readCents('45.5')).toBe(45_50);
    expect(readCents('19,99')).toBe(19_99);
    expect(readCents(0.005)).toBe(1);
    expect(readCents('')).toBeNull();
  });

  it('adds an empty part (one of it) or fee, changes and removes one row', () => {
    expect(newPart()).toEqual({ number: '', description: '', quantity: 1, unitPrice: 0 });
    expect(newFee()).toEqual({ description: '', amount: 0 });
    const rows = [{ a: 1 }, { a: 2 }, { a: 3 }];
    expect(changeRow(rows, 1, { a: 9 })).toEqual([{ a: 1 }, { a: 9 }, { a: 3 }]);
    expect(changeRow(rows, 1, { a: 9 })[0]).toBe(rows[0]);
    expect(removeRow(rows, 0)).toEqual([{ a: 2 }, { a: 3 }]);
    expect(rows).toHaveLength(3);
  });
});

describe('the draft', () => {
  it("starts as the server's copy with money in dollars, and editing it never changes that copy", () => {
    const l = line('l1');
    const draft = draftOf(l);
    expect(draft).toEqual({
      description: l.description,
      labourHours: 1.5,
      parts: [{ number: 'BP-1', description: 'Pads', quantity: 2, unitPrice: 45.5 }],
      fees: [{ description: 'Disposal', amount: 5 }],
    });
    draft.parts[0]!.quantity = 7;
    expect(l.parts[0]!.quantity).toBe(2);
  });

  it('differs from the server once a save would change something, not for spaces or how a number is typed', () => {
    const l = line('l1');
    expect(differsFromServer(draftOf(l), l)).toBe(false);
    expect(differsFromServer({ ...draftOf(l), labourHours: '1,50' }, l)).toBe(false);
    expect(differsFromServer({ ...draftOf(l), description: 'Front brake pads ' }, l)).toBe(false);
    expect(differsFromServer({ ...draftOf(l), labourHours: 2 }, l)).toBe(true);
    expect(differsFromServer({ ...draftOf(l), parts: changeRow(draftOf(l).parts, 0, { unitPrice: '45.51' }) }, l)).toBe(true);
    expect(differsFromServer({ ...draftOf(l), fees: [] }, l)).toBe(true);
  });

  it('names the problem of each field by its path, as the server would refuse it', () => {
    const ok = draftOf(line('l1'));
    expect(fieldProblems(ok)).toEqual({});
    expect(
      fieldProblems({
        description: '  ',
        labourHours: '',
        parts: [...ok.parts, { number: '', description: '', quantity: '0', unitPrice: '' }],
        fees: [{ description: '', amount: 'x' }],
      }),
    ).toEqual({
      description: 'descriptionMissing',
      labourHours: 'hoursInvalid',
      'parts.1.description': 'partDescriptionMissing',
      'parts.1.quantity': 'quantityInvalid',
      'parts.1.unitPrice': 'priceInvalid',
      'fees.0.description': 'feeDescriptionMissing',
      'fees.0.amount': 'priceInvalid',
    });
    expect(fieldProblems({ ...ok, labourHours: 1000 })).toEqual({ labourHours: 'hoursInvalid' });
  });

  it('shows only the problems of fields touched; a removed row forgets its own and moves the rest up', () => {
    const draft = { description: '', labourHours: 1, parts: [newPart(), newPart()], fees: [] };
    expect(shownProblems(draft, new Set())).toEqual({});
    expect(shownProblems(draft, new Set(['parts.1.description']))).toEqual({ 'parts.1.description': 'partDescriptionMissing' });
    const after = touchedAfterRemoval(new Set(['description', 'parts.0.number', 'parts.1.description', 'fees.0.amount']), 'parts', 0);
    expect([...after].sort()).toEqual(['description', 'fees.0.amount', 'parts.0.description']);
    expect(fieldPaths(draft)).toEqual([
      'description',
      'labourHours',
      'parts.0.number',
      'parts.0.description',
      'parts.0.quantity',
      'parts.0.unitPrice',
      'parts.1.number',
      'parts.1.description',
      'parts.1.quantity',
      'parts.1.unitPrice',
    ]);
  });

  it('sends the whole line, texts trimmed, a blank part number as none, money in cents', () => {
    const draft = {
      description: ' Pads and rotors ',
      labourHours: '2,25',
      parts: [
        { number: '  ', description: ' Rotor ', quantity: 2, unitPrice: '80' },
        { number: ' BP-1 ', description: 'Pads', quantity: '1', unitPrice: 45.5 },
      ],
      fees: [{ description: ' Shop supplies ', amount: '3' }],
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

  it("takes a canned job's hours, parts and fees and keeps the line's description", () => {
    const draft = { description: 'Wiper blades — Worn: Replace soon', labourHours: 0, parts: [], fees: [newFee()] };
    const job = { labourHours: 0.2, parts: [{ number: 'WB-26', description: 'Wiper blade', quantity: 2, unitPrice: 24_99 }], fees: [] };
    expect(draftWithJob(draft, job)).toEqual({
      description: 'Wiper blades — Worn: Replace soon',
      labourHours: 0.2,
      parts: [{ number: 'WB-26', description: 'Wiper blade', quantity: 2, unitPrice: 24.99 }],
      fees: [],
    });
  });
});

describe('the amounts on screen', () => {
  it("prices the draft as typed at the estimate's labour rate", () => {
    const draft = draftOf(line('l1'));
    expect(draftAmounts(draft, 120_00)).toEqual({ labour: 180_00, parts: 91_00, fees: 5_00, subtotal: 276_00 });
    const more = { ...draft, labourHours: '2', parts: changeRow(draft.parts, 0, { quantity: '3' }), fees: [] };
    expect(draftAmounts(more, 100_00)).toEqual({ labour: 200_00, parts: 136_50, fees: 0, subtotal: 336_50 });
  });

  it('rounds each part and the labour to the cent; what is not a number yet counts as zero', () => {
    const draft = { description: 'x', labourHours: 0.33, parts: [{ number: '', description: 'p', quantity: 1.5, unitPrice: 3.33 }], fees: [] };
    expect(draftAmounts(draft, 99_99)).toEqual({ labour: 33_00, parts: 5_00, fees: 0, subtotal: 38_00 });
    expect(draftAmounts({ ...draft, labourHours: '', parts: [] }, 120_00).subtotal).toBe(0);
  });

  it('totals every draft with the taxes, as the server would once they are saved', () => {
    const taxes = [{ name: 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true, amount: 0 }];
    const a = line('a');
    const drafts = [
      { draft: draftOf(a), decision: null },
      { draft: { description: 'b', labourHours: '1', parts: [], fees: [] }, decision: 'approved' as const },
    ];
    const { totals, taxes: taxed } = draftTotals({ labourRate: 120_00, taxes }, drafts);
    expect(totals).toEqual(
      estimateTotals(
        [
          { amounts: lineAmounts(a, 120_00), decision: null },
          { amounts: lineAmounts({ labourHours: 1, parts: [], fees: [] }, 120_00), decision: 'approved' },
        ],
        taxes,
      ).totals,
    );
    expect(taxed[0]!.amount).toBe(Math.round(((276_00 + 120_00) * 5) / 100));
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
    const rows = totalsRows(estimate, 'en');
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
    expect(rows[5]).toMatchObject({ key: 'QST', name: 'QST', rate: '9.975%' });
  });

  it('adds the approved total on the approved-work page', () => {
    const rows = totalsRows(estimate, 'en', true);
    expect(rows.at(-1)).toEqual({ kind: 'approvedTotal', amount: estimate.totals.approvedTotal });
    expect(estimate.totals.approvedTotal).toBe(276_00 + 13_80 + 27_03);
  });

  it('has no tax rows for a store without taxes', () => {
    const untaxed = estimateTotals(lines, []);
    expect(totalsRows(untaxed, 'en').map((r) => r.kind)).toEqual(['labour', 'parts', 'fees', 'subtotal', 'total']);
    expect(totalsRows(untaxed, 'en').at(-1)!.amount).toBe(336_00);
  });

  it("names each tax in the page's language, its French name in French, the rate by French rules", () => {
    const quebec = estimateTotals(lines, [
      { name: 'GST', nameFr: 'TPS', ratePercent: 5, onLabour: true, onParts: true, onFees: true },
      { name: 'QST', nameFr: 'TVQ', ratePercent: 9.975, onLabour: true, onParts: true, onFees: false },
      { name: 'Eco fee', ratePercent: 1, onLabour: false, onParts: false, onFees: true },
    ]);
    const taxRows = (language: string) =>
      totalsRows(quebec, language).flatMap((r) => (r.kind === 'tax' ? [`${r.key}|${r.name}|${r.rate.replace(/\u00a0|\u202f/g, ' ')}`] : []));
    expect(taxRows('fr')).toEqual(['GST|TPS|5 %', 'QST|TVQ|9,975 %', 'Eco fee|Eco fee|1 %']);
    expect(taxRows('en')).toEqual(['GST|GST|5%', 'QST|QST|9.975%', 'Eco fee|Eco fee|1%']);
  });

  it('names labels the catalog has', () => {
    for (const row of totalsRows(estimate, 'en', true))
      expect((en.estimates.totals as Record<string, string>)[row.kind], row.kind).toBeTruthy();
  });
});

describe('the lines on the approved-work page', () => {
  const lines = [
    line('a', { decision: 'approved' }),
    line('d', { decision: 'declined' }),
    line('u', { decision: null }),
    line('h', { resultId: null, decision: null, severity: null }),
    // Priced at zero: the customer's report shows it as information, with nothing to decide.
    line('z', { decision: null, labourHours: 0, parts: [], fees: [], amounts: { labour: 0, parts: 0, fees: 0, subtotal: 0 } }),
  ];

  it('splits approved, deferred (declined), undecided and information lines as the report does', () => {
    const split = splitByDecision(lines);
    expect(split.approved.map((l) => l._id)).toEqual(['a']);
    expect(split.declined.map((l) => l._id)).toEqual(['d']);
    // A line added by hand has nothing for the customer to decide; one priced at zero neither.
    expect(split.undecided.map((l) => l._id)).toEqual(['u']);
    expect(split.information.map((l) => l._id)).toEqual(['z']);
  });

  it('flags a line whose result became okay, n/a or was cleared; a line by hand never', () => {
    expect(isNoLongerRecommended({ resultId: 'r', severity: 'okay' })).toBe(true);
    expect(isNoLongerRecommended({ resultId: 'r', severity: 'na' })).toBe(true);
    expect(isNoLongerRecommended({ resultId: 'r', severity: null })).toBe(true);
    expect(isNoLongerRecommended({ resultId: 'r', severity: 'warning' })).toBe(false);
    expect(isNoLongerRecommended({ resultId: null, severity: null })).toBe(false);
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
