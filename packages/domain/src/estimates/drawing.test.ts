import { describe, expect, it } from 'vitest';
import type { InspectionItem } from '../inspections/inspection-type.js';
import {
  approvalPage,
  drawnDescription,
  isRecommended,
  planDraw,
  ZCreateEstimateLineRequest,
  ZUpdateEstimateLineRequest,
  ZUpdateEstimateRequest,
  type DrawableResult,
} from './drawing.js';

const pads: InspectionItem = {
  itemKey: 'frontBrakePads',
  name: { en: 'Front brake pads', fr: 'Plaquettes avant' },
  required: true,
  multiple: false,
  measurement: null,
  findings: [
    {
      key: 'worn',
      text: { en: 'Worn', fr: 'Usé' },
      severities: ['warning'],
      recommendations: [{ key: 'replaceSoon', text: { en: 'Replace soon', fr: 'Remplacer bientôt' } }],
    },
  ],
};

const result = (
  id: string,
  severity: DrawableResult['result'],
  extra: Partial<DrawableResult> = {},
): DrawableResult => ({
  id,
  result: severity,
  finding: 'worn',
  recommendation: 'replaceSoon',
  findingText: null,
  recommendationText: null,
  ...extra,
});

describe('drawnDescription', () => {
  it('names the item, the finding and the recommendation in the language asked', () => {
    expect(drawnDescription(result('r', 'warning'), pads, 'en')).toBe(
      'Front brake pads — Worn: Replace soon',
    );
    expect(drawnDescription(result('r', 'warning'), pads, 'fr')).toBe(
      'Plaquettes avant — Usé: Remplacer bientôt',
    );
  });

  it('prefers the typed texts, and leaves out what is missing', () => {
    expect(
      drawnDescription(
        result('r', 'warning', {
          findingText: 'Pads at 2 mm',
          recommendationText: 'Replace pads and rotors',
        }),
        pads,
        'fr',
      ),
    ).toBe('Plaquettes avant — Pads at 2 mm: Replace pads and rotors');
    expect(
      drawnDescription(result('r', 'critical', { finding: 'Other', recommendation: null }), pads, 'en'),
    ).toBe('Front brake pads');
    expect(
      drawnDescription(result('r', 'critical', { finding: 'Other', recommendation: null }), null, 'en'),
    ).toBe('Other');
  });
});

describe('planDraw', () => {
  const items = (...rs: DrawableResult[]) => rs.map((r) => ({ result: r, item: pads }));

  it('draws one line per warning or critical result, in the results order', () => {
    const plan = planDraw(
      items(
        result('a', 'okay'),
        result('b', 'critical'),
        result('c', 'warning'),
        result('d', 'na'),
        result('e', null),
      ),
      [],
      'en',
    );
    expect(plan.add.map((l) => [l.resultId, l.rank])).toEqual([
      ['b', 0],
      ['c', 1],
    ]);
    expect(plan.remove).toEqual([]);
  });

  it('adds only results without a line, after the last line; removes lines whose result is no longer recommended', () => {
    const lines = [
      { id: 'l1', resultId: 'b', rank: 0 },
      { id: 'l2', resultId: null, rank: 5 },
      { id: 'l3', resultId: 'a', rank: 1 },
      { id: 'l4', resultId: 'gone', rank: 2 },
    ];
    const plan = planDraw(
      items(result('a', 'okay'), result('b', 'critical'), result('c', 'warning')),
      lines,
      'en',
    );
    expect(plan.add).toEqual([
      { resultId: 'c', description: 'Front brake pads — Worn: Replace soon', rank: 6 },
    ]);
    // A hand-made line and a line whose result is unknown here are kept.
    expect(plan.remove).toEqual(['l3']);
  });
});

describe('rules and requests', () => {
  it('recommends warning and critical only', () => {
    expect(
      ['okay', 'warning', 'critical', 'na', null].map((s) => isRecommended(s as DrawableResult['result'])),
    ).toEqual([false, true, true, false, false]);
  });

  it('leads to approve-work once the estimate step is done', () => {
    expect(approvalPage('done')).toBe('approvedWork');
    expect(approvalPage('inProgress')).toBe('estimates');
    expect(approvalPage('notStarted')).toBe('estimates');
  });

  it('validates lines and estimate changes', () => {
    expect(ZCreateEstimateLineRequest.parse({ description: ' Diagnostic ' })).toEqual({
      description: 'Diagnostic',
      labourHours: 0,
      parts: [],
      fees: [],
    });
    expect(ZCreateEstimateLineRequest.safeParse({ description: 'X', labourHours: 1000 }).success).toBe(false);
    expect(
      ZCreateEstimateLineRequest.safeParse({ description: 'X', fees: [{ description: 'Fee', amount: -1 }] })
        .success,
    ).toBe(false);
    expect(ZUpdateEstimateLineRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateEstimateLineRequest.safeParse({ rank: 2 }).success).toBe(true);
    expect(ZUpdateEstimateRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateEstimateRequest.safeParse({ labourRate: 12.5 }).success).toBe(false);
    expect(ZUpdateEstimateRequest.safeParse({ status: 'AUTHORIZED', delivery: 'DELIVERED' }).success).toBe(
      true,
    );
  });
});
