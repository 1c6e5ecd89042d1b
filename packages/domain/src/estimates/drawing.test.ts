import { describe, expect, it } from 'vitest';
import type { InspectionItem } from '../inspections/inspection-type.js';
import {
  approvalPage,
  drawnDescription,
  isRecommended,
  lineDescriptionIn,
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
      'Plaquettes avant — Usé\u00a0: Remplacer bientôt',
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
    ).toBe('Plaquettes avant — Pads at 2 mm\u00a0: Replace pads and rotors');
    expect(
      drawnDescription(result('r', 'critical', { finding: 'Other', recommendation: null }), pads, 'en'),
    ).toBe('Front brake pads');
    expect(
      drawnDescription(result('r', 'critical', { finding: 'Other', recommendation: null }), null, 'en'),
    ).toBe('Other');
  });
});

describe('lineDescriptionIn', () => {
  const worn = result('r', 'warning');

  it('draws a line still as drawn again in the language asked, whichever it was drawn in', () => {
    expect(lineDescriptionIn('Front brake pads — Worn: Replace soon', worn, pads, 'fr')).toBe(
      'Plaquettes avant — Usé\u00a0: Remplacer bientôt',
    );
    expect(lineDescriptionIn('Plaquettes avant — Usé\u00a0: Remplacer bientôt', worn, pads, 'en')).toBe(
      'Front brake pads — Worn: Replace soon',
    );
    // French lines drawn before the no-break space.
    expect(lineDescriptionIn('Plaquettes avant — Usé: Remplacer bientôt', worn, pads, 'en')).toBe(
      'Front brake pads — Worn: Replace soon',
    );
  });

  it('keeps what the advisor wrote, and typed texts as typed', () => {
    expect(lineDescriptionIn('Pads and rotors, front axle', worn, pads, 'fr')).toBe('Pads and rotors, front axle');
    expect(lineDescriptionIn('Front brake pads — Worn: Replace soon (OEM)', worn, pads, 'fr')).toBe(
      'Front brake pads — Worn: Replace soon (OEM)',
    );
    const typed = result('r', 'warning', { findingText: 'Pads at 2 mm' });
    expect(lineDescriptionIn('Front brake pads — Pads at 2 mm: Replace soon', typed, pads, 'fr')).toBe(
      'Plaquettes avant — Pads at 2 mm\u00a0: Remplacer bientôt',
    );
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
