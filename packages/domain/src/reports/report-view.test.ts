import { describe, expect, it } from 'vitest';
import {
  approvalStateOf,
  approvedTotalOf,
  checkDecisions,
  isDecidable,
  isOfferedForDecision,
  lineDecisionStates,
  pricesByResult,
  reportLayout,
  resultCounts,
  SHARE_MAX_RECIPIENTS,
  SHARE_REPORT_INCOMPLETE,
  shareInvalidRecipient,
  shareProblem,
  shareRecipients,
  SIGNATURE_DATA_URL_MAX,
  SIGNATURE_MAX_BYTES,
  totalsWithDecisions,
  vehicleDescription,
  ZReportApprovalRequest,
} from './report-view.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('decidable items', () => {
  it('are the warning and critical results only', () => {
    expect(isDecidable('warning')).toBe(true);
    expect(isDecidable('critical')).toBe(true);
    expect(isDecidable('okay')).toBe(false);
    expect(isDecidable('na')).toBe(false);
    expect(isDecidable(null)).toBe(false);
  });

  it('are offered for a decision once priced above zero', () => {
    expect(isOfferedForDecision('critical', 12647)).toBe(true);
    expect(isOfferedForDecision('warning', 1)).toBe(true);
    expect(isOfferedForDecision('warning', 0)).toBe(false);
    expect(isOfferedForDecision('okay', 5000)).toBe(false);
  });

  it("take each result's price from the estimate's lines", () => {
    const amounts = (subtotal: number) => ({ subtotal });
    const prices = pricesByResult([
      { resultId: id(1), amounts: amounts(1000) },
      { resultId: id(1), amounts: amounts(250) },
      { resultId: id(2), amounts: amounts(0) },
      { resultId: null, amounts: amounts(900) },
    ]);
    expect([...prices]).toEqual([
      [id(1), 1250],
      [id(2), 0],
    ]);
  });

  const results = [
    { id: id(1), result: 'warning' as const, decision: null, price: 5000 },
    { id: id(2), result: 'critical' as const, decision: 'approved' as const, price: 9000 },
    { id: id(3), result: 'okay' as const, decision: null, price: 0 },
    { id: id(4), result: 'warning' as const, decision: null, price: 0 },
  ];

  it('accepts undecided recommended items', () => {
    expect(checkDecisions(results, [{ resultId: id(1), decision: 'declined' }])).toEqual({ ok: true });
  });

  it('refuses an item decided before with 409, whatever the new decision', () => {
    for (const decision of ['approved', 'declined'] as const) {
      expect(
        checkDecisions(results, [
          { resultId: id(1), decision: 'approved' },
          { resultId: id(2), decision },
        ]),
      ).toMatchObject({
        ok: false,
        status: 409,
        code: 'ITEM_ALREADY_DECIDED',
      });
    }
  });

  it("refuses an okay item or another order's result with 400", () => {
    expect(checkDecisions(results, [{ resultId: id(3), decision: 'approved' }])).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENTS',
    });
    expect(checkDecisions(results, [{ resultId: id(9), decision: 'approved' }])).toMatchObject({
      status: 400,
    });
  });

  it('refuses an item priced at zero with 400, whatever the decision', () => {
    for (const decision of ['approved', 'declined'] as const) {
      expect(
        checkDecisions(results, [
          { resultId: id(1), decision: 'approved' },
          { resultId: id(4), decision },
        ]),
      ).toEqual({
        ok: false,
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: `decisions: ${id(4)} has no price: it is information, not work to approve`,
      });
    }
  });
});

describe('approval step', () => {
  it('is inProgress while a priced recommended item is undecided, done when all are', () => {
    expect(
      approvalStateOf([
        { result: 'warning', decision: 'approved', price: 100 },
        { result: 'critical', decision: null, price: 100 },
      ]),
    ).toBe('inProgress');
    expect(
      approvalStateOf([
        { result: 'warning', decision: 'approved', price: 100 },
        { result: 'critical', decision: 'declined', price: 100 },
        { result: 'okay', decision: null, price: 0 },
      ]),
    ).toBe('done');
  });

  it('waits for no item priced at zero', () => {
    expect(
      approvalStateOf([
        { result: 'critical', decision: 'approved', price: 100 },
        { result: 'warning', decision: null, price: 0 },
      ]),
    ).toBe('done');
  });

  it('is left alone when nothing is offered for a decision', () => {
    expect(approvalStateOf([{ result: 'okay', decision: null, price: 0 }])).toBeNull();
    expect(approvalStateOf([{ result: 'warning', decision: null, price: 0 }])).toBeNull();
  });
});

describe('counts', () => {
  it('count okay, warning and critical; na and unset are left out', () => {
    expect(
      resultCounts([
        { result: 'okay' },
        { result: 'okay' },
        { result: 'warning' },
        { result: 'critical' },
        { result: 'na' },
        { result: null },
      ]),
    ).toEqual({
      okay: 2,
      warning: 1,
      critical: 1,
    });
  });
});

describe('totals with decisions', () => {
  const amounts = (subtotal: number) => ({ labour: subtotal, parts: 0, fees: 0, subtotal });
  const estimate = {
    lines: [
      { resultId: id(1), decision: null, amounts: amounts(10000) },
      { resultId: id(2), decision: 'approved' as const, amounts: amounts(5000) },
      { resultId: null, decision: null, amounts: amounts(1000) },
    ],
    taxes: [{ name: 'GST', ratePercent: 10, onLabour: true, onParts: true, onFees: true }],
  } as never;

  it('apply the new decisions over the recorded ones, taxes included', () => {
    expect(totalsWithDecisions(estimate, new Map([[id(1), 'approved']]))).toEqual({
      total: 17600,
      approvedTotal: 16500,
    });
    expect(totalsWithDecisions(estimate, new Map([[id(1), 'declined']]))).toEqual({
      total: 17600,
      approvedTotal: 5500,
    });
  });
});

describe('share', () => {
  it("needs a valid 'to', a subject and a body", () => {
    expect(shareProblem({ to: 'ann@example.com', subject: 'My car', body: 'Look' })).toBeNull();
    for (const bad of [
      { to: '', subject: 'x', body: 'y' },
      { to: 'not an address', subject: 'x', body: 'y' },
      { to: 'ann@example.com', subject: '  ', body: 'y' },
      { to: 'ann@example.com', subject: 'x' },
    ]) {
      expect(shareProblem(bad)).toBe(SHARE_REPORT_INCOMPLETE);
    }
  });

  it("takes several addresses in 'to', every one valid, a few at most", () => {
    expect(shareRecipients('ann@example.com; bob@example.org,')).toEqual(['ann@example.com', 'bob@example.org']);
    expect(shareProblem({ to: 'ann@example.com, bob@example.org', subject: 'x', body: 'y' })).toBeNull();
    expect(shareProblem({ to: 'ann@example.com, bob', subject: 'x', body: 'y' })).toBe(SHARE_REPORT_INCOMPLETE);
    expect(shareInvalidRecipient('ann@example.com, bob')).toBe('bob');
    expect(shareInvalidRecipient('ann@example.com')).toBeNull();
    expect(shareRecipients(' ; ')).toBeNull();
    const many = Array.from({ length: SHARE_MAX_RECIPIENTS + 1 }, (_, i) => `p${i}@example.com`).join(',');
    expect(shareRecipients(many)).toBeNull();
  });
});

describe('approval request', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  it('needs decisions, a name and a PNG data URL of bounded size', () => {
    const ok = {
      decisions: [{ resultId: id(1), decision: 'approved' }],
      signerName: 'Jane Doe',
      signature: png,
    };
    expect(ZReportApprovalRequest.safeParse(ok).success).toBe(true);
    expect(ZReportApprovalRequest.safeParse({ ...ok, decisions: [] }).success).toBe(false);
    expect(ZReportApprovalRequest.safeParse({ ...ok, signerName: '  ' }).success).toBe(false);
    expect(
      ZReportApprovalRequest.safeParse({ ...ok, signature: 'data:image/jpeg;base64,/9j/' }).success,
    ).toBe(false);
    expect(
      ZReportApprovalRequest.safeParse({ ...ok, signature: png + 'A'.repeat(SIGNATURE_DATA_URL_MAX) })
        .success,
    ).toBe(false);
    expect(
      ZReportApprovalRequest.safeParse({ ...ok, decisions: [ok.decisions[0], ok.decisions[0]] }).success,
    ).toBe(false);
    expect(SIGNATURE_DATA_URL_MAX).toBeGreaterThan((SIGNATURE_MAX_BYTES * 4) / 3);
  });
});

describe('vehicle description', () => {
  it('joins what is known', () => {
    expect(vehicleDescription({ year: 2019, make: 'Honda', model: 'Civic' })).toBe('2019 Honda Civic');
    expect(vehicleDescription({ year: null, make: 'Ford', model: '' })).toBe('Ford');
    expect(vehicleDescription(null)).toBe('');
  });
});

describe('the standing of each estimate line', () => {
  const line = (
    resultId: string | null,
    severity: 'okay' | 'warning' | 'critical' | 'na' | null,
    subtotal: number,
    decision: 'approved' | 'declined' | null = null,
  ) => ({ resultId, severity, decision, amounts: { subtotal } });

  it('agrees with what the report offers: zero-priced items are information, not undecided', () => {
    expect(
      lineDecisionStates([
        line(id(1), 'critical', 12000),
        line(id(2), 'warning', 0),
        line(id(3), 'warning', 0, 'approved'),
        line(id(4), 'critical', 5000, 'declined'),
        line(id(5), 'okay', 3000),
        line(null, null, 2000),
      ]),
    ).toEqual(['undecided', 'information', 'approved', 'declined', 'information', null]);
  });

  it('prices an item by all its lines, as the report does', () => {
    // Two lines of one result: one at zero, one priced; the item is offered, so both await the customer.
    expect(lineDecisionStates([line(id(1), 'warning', 0), line(id(1), 'warning', 100)])).toEqual([
      'undecided',
      'undecided',
    ]);
  });
});

describe('approved total of the page', () => {
  it('adds the choices to the recorded decisions, with taxes', async () => {
    const amounts = (subtotal: number) => ({ labour: subtotal, parts: 0, fees: 0, subtotal });
    const item = (resultId: string, decision: 'approved' | 'declined' | null, subtotal: number) => ({
      resultId,
      decision,
      lines: [{ amounts: amounts(subtotal) }],
    });
    const report = {
      groups: [
        {
          sections: [
            { items: [item(id(1), 'approved', 1000), item(id(2), null, 2000), item(id(3), null, 4000)] },
          ],
        },
      ],
      estimate: {
        otherLines: [{ amounts: amounts(500) }],
        taxes: [{ name: 'T', ratePercent: 10, onLabour: true, onParts: true, onFees: true, amount: 0 }],
      },
    } as never;
    expect(
      approvedTotalOf(
        report,
        new Map([
          [id(2), 'approved'],
          [id(3), 'declined'],
        ]),
      ),
    ).toBe(3300);
    expect(approvedTotalOf({ groups: [], estimate: null }, new Map())).toBe(0);
  });
});

describe('the report on a phone', () => {
  type Severity = 'okay' | 'warning' | 'critical';
  const item = (n: number, result: Severity, decidable: boolean, decision: 'approved' | 'declined' | null = null) =>
    ({ resultId: id(n), result, decidable, decision }) as never;
  const report = {
    groups: [
      {
        name: 'Brakes',
        sections: [
          { name: 'Front', items: [item(1, 'okay', false), item(2, 'warning', true), item(3, 'critical', true)] },
          { name: 'Rear', items: [item(4, 'warning', false), item(5, 'okay', false)] },
        ],
      },
      {
        name: 'Under the hood',
        sections: [
          { name: 'Fluids', items: [item(6, 'critical', true, 'approved'), item(7, 'critical', false)] },
          { name: 'Belts', items: [item(8, 'warning', true)] },
        ],
      },
    ],
  } as never;
  const ids = (list: Array<{ item: { resultId: string } }>) => list.map((p) => p.item.resultId);

  it('puts the decisions first: critical, then warning, each in the inspection order', () => {
    const layout = reportLayout(report);
    expect(ids(layout.decisions)).toEqual([id(3), id(6), id(2), id(8)]);
    expect(layout.decisions[0]).toMatchObject({ group: 'Brakes', section: 'Front' });
  });

  it('shows recommended items priced at zero as information, not among the decisions', () => {
    expect(ids(reportLayout(report).information)).toEqual([id(7), id(4)]);
  });

  it('folds the good items under their count, in their groups and sections', () => {
    const layout = reportLayout(report);
    expect(layout.okayCount).toBe(2);
    expect(layout.okay.map((g) => g.name)).toEqual(['Brakes']);
    expect(layout.okay[0]!.sections.map((s) => [s.name, s.items.map((i) => i.resultId)])).toEqual([
      ['Front', [id(1)]],
      ['Rear', [id(5)]],
    ]);
  });
});
