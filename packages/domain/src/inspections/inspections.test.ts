import { describe, expect, it } from 'vitest';
import {
  deficiencyReasonText,
  findItem,
  isDeficiencyCodeFor,
  itemsOf,
  suggestSeverity,
  templateProblems,
  type InspectionDefinition,
  type InspectionItem,
} from './inspection-type.js';
import { finishBlockers, noBlockers } from './finish-blockers.js';
import {
  cannotBeFinishedReason,
  finishReasonOf,
  findingChoices,
  findingProblem,
  findingsFor,
  resultChangeEffects,
  severityDefaults,
  tapSeverity,
  ZCreateResultRequest,
  ZUpdateResultRequest,
} from './results.js';
import { businessMatchKey, mayChangeInspectionType, selectInspectionType } from './automatic-selection.js';
import { NEW_ORDER_STATES } from '../repair-orders/states.js';

const t = (en: string) => ({ en, fr: `${en} (fr)` });

const pads: InspectionItem = {
  itemKey: 'frontBrakePads',
  name: t('Front pads'),
  required: true,
  multiple: false,
  findings: [
    { key: 'good', text: t('Good'), severities: ['okay'], recommendations: [] },
    { key: 'thin', text: t('Thin'), severities: ['warning'], recommendations: [{ key: 'replaceSoon', text: t('Replace soon') }] },
    {
      key: 'gone',
      text: t('Gone'),
      severities: ['critical'],
      recommendations: [
        { key: 'replaceNow', text: t('Replace now') },
        { key: 'resurface', text: t('Resurface') },
      ],
    },
  ],
  measurement: { unit: 'mm', min: 0, max: 20, step: 0.5, thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 } },
};
const wipers: InspectionItem = { itemKey: 'wipers', name: t('Wipers'), required: true, multiple: false, findings: [], measurement: null };
const pressure: InspectionItem = {
  itemKey: 'pressure',
  name: t('Pressure'),
  required: false,
  multiple: true,
  findings: [],
  measurement: { unit: 'psi', min: 0, max: 80, step: 1, thresholds: null },
};
const def: InspectionDefinition = {
  groups: [
    { key: 'brakes', name: t('Brakes'), shownByDefault: false, sections: [{ key: 'front', name: t('Front'), items: [pads] }] },
    {
      key: 'vehicleDetails',
      name: t('Vehicle'),
      shownByDefault: true,
      sections: [{ key: 'arrival', name: t('Arrival'), items: [wipers, pressure] }],
    },
  ],
  groupOrder: ['vehicleDetails', 'brakes'],
};

describe('templates', () => {
  it('lists items in groupOrder and finds one by key with its group and section', () => {
    expect(itemsOf(def).map((i) => i.item.itemKey)).toEqual(['wipers', 'pressure', 'frontBrakePads']);
    expect(findItem(def, 'frontBrakePads')).toMatchObject({ group: 'brakes', section: 'front' });
    expect(findItem(def, 'nope')).toBeNull();
  });

  it('finds template problems: vehicleDetails not first, duplicate item keys, groupOrder mismatch', () => {
    expect(templateProblems(def)).toEqual([]);
    expect(templateProblems({ ...def, groupOrder: ['brakes', 'vehicleDetails'] })).toContain('vehicleDetails must be the first group');
    expect(templateProblems({ ...def, groupOrder: ['vehicleDetails'] })).toContain('groupOrder must name every group once');
    const dup = JSON.parse(JSON.stringify(def)) as InspectionDefinition;
    dup.groups[0]!.sections[0]!.items.push({ ...wipers });
    expect(templateProblems(dup)).toContain('itemKey wipers is used twice');
  });
});

describe('measurements suggest a severity', () => {
  it('brake pads: at or below 4 mm warning, at or below 2 mm critical', () => {
    expect(suggestSeverity(pads.measurement!, 8)).toBe('okay');
    expect(suggestSeverity(pads.measurement!, 4)).toBe('warning');
    expect(suggestSeverity(pads.measurement!, 2.5)).toBe('warning');
    expect(suggestSeverity(pads.measurement!, 2)).toBe('critical');
  });
  it('atOrAbove thresholds, and none without thresholds', () => {
    const m = { thresholds: { direction: 'atOrAbove' as const, warning: 50, critical: 80 } };
    expect(suggestSeverity(m, 49)).toBe('okay');
    expect(suggestSeverity(m, 50)).toBe('warning');
    expect(suggestSeverity(m, 90)).toBe('critical');
    expect(suggestSeverity(pressure.measurement!, 35)).toBeNull();
  });
});

describe('severity rules', () => {
  it('okay: first okay finding, no recommendation', () => {
    expect(severityDefaults(pads, 'okay')).toEqual({ result: 'okay', finding: 'good', recommendation: null });
  });
  it('warning and critical: first applicable finding and its first recommendation', () => {
    expect(severityDefaults(pads, 'warning')).toEqual({ result: 'warning', finding: 'thin', recommendation: 'replaceSoon' });
    expect(severityDefaults(pads, 'critical')).toEqual({ result: 'critical', finding: 'gone', recommendation: 'replaceNow' });
  });
  it("warning or critical on an item without findings: 'Other' and no recommendation; okay: no finding", () => {
    expect(severityDefaults(wipers, 'critical')).toEqual({ result: 'critical', finding: 'Other', recommendation: null });
    expect(severityDefaults(wipers, 'okay')).toEqual({ result: 'okay', finding: null, recommendation: null });
    expect(severityDefaults(wipers, 'na')).toEqual({ result: 'na', finding: null, recommendation: null });
  });
  it('tapping the same severity again clears it; another one replaces it', () => {
    expect(tapSeverity(pads, 'warning', 'warning')).toEqual({ result: null, finding: null, recommendation: null });
    expect(tapSeverity(pads, 'warning', 'critical')).toEqual({ result: 'critical', finding: 'gone', recommendation: 'replaceNow' });
    expect(tapSeverity(pads, null, 'okay').result).toBe('okay');
  });
  it('offers the findings that fit the severity, in the template order', () => {
    const both: InspectionItem = {
      ...pads,
      findings: [
        ...pads.findings,
        { key: 'noisy', text: t('Noisy'), severities: ['warning', 'critical'], recommendations: [] },
      ],
    };
    const keys = (fs: { key: string }[]) => fs.map((f) => f.key);
    expect(keys(findingsFor(both, 'okay'))).toEqual(['good']);
    expect(keys(findingsFor(both, 'warning'))).toEqual(['thin', 'noisy']);
    expect(keys(findingsFor(both, 'critical'))).toEqual(['gone', 'noisy']);
    expect(findingsFor(both, 'na')).toEqual([]);
    expect(findingsFor(both, null)).toEqual([]);
    expect(findingsFor(wipers, 'warning')).toEqual([]);
  });
  it("the picker keeps the result's finding when it does not fit the severity", () => {
    const keys = (fs: { key: string }[]) => fs.map((f) => f.key);
    expect(keys(findingChoices(pads, 'critical', 'gone'))).toEqual(['gone']);
    expect(keys(findingChoices(pads, 'critical', 'thin'))).toEqual(['thin', 'gone']);
    expect(keys(findingChoices(pads, 'warning', 'Other'))).toEqual(['thin']);
    expect(keys(findingChoices(pads, 'okay', null))).toEqual(['good']);
  });
  it('checks findings and recommendations against the item', () => {
    expect(findingProblem(pads, 'thin', 'replaceSoon')).toBeNull();
    expect(findingProblem(pads, 'Other', null)).toBeNull();
    expect(findingProblem(pads, 'thin', 'replaceNow')).toMatch(/not a recommendation of thin/);
    expect(findingProblem(pads, 'melted', null)).toMatch(/not a finding/);
    expect(findingProblem(pads, null, 'replaceNow')).toMatch(/needs a finding/);
  });
});

describe('deficiency reason codes', () => {
  it('warning 1-5, critical A-C, default text MAP', () => {
    expect(isDeficiencyCodeFor('warning', '3')).toBe(true);
    expect(isDeficiencyCodeFor('warning', 'A')).toBe(false);
    expect(isDeficiencyCodeFor('critical', 'C')).toBe(true);
    expect(isDeficiencyCodeFor('critical', '6')).toBe(false);
    expect(isDeficiencyCodeFor('okay', '1')).toBe(false);
    expect(isDeficiencyCodeFor('okay', null)).toBe(true);
    expect(deficiencyReasonText('B')).toBe('inspections:deficiency.B');
    expect(deficiencyReasonText(null)).toBe('MAP');
    expect(deficiencyReasonText('Z')).toBe('MAP');
  });
});

describe('finishing', () => {
  it('items-required while a required item has no result', () => {
    expect(cannotBeFinishedReason(def, [{ itemKey: 'frontBrakePads', result: 'okay', value: 6 }])).toBe('items-required');
  });
  it('measurements-required when a measurement item is skipped, before items-required', () => {
    expect(cannotBeFinishedReason(def, [])).toBe('measurements-required');
    expect(cannotBeFinishedReason(def, [{ itemKey: 'frontBrakePads', result: 'warning', value: null }])).toBe('measurements-required');
    // An optional measurement given a severity without a value is skipped too.
    expect(
      cannotBeFinishedReason(def, [
        { itemKey: 'frontBrakePads', result: 'okay', value: 7 },
        { itemKey: 'wipers', result: 'okay', value: null },
        { itemKey: 'pressure', result: 'okay', value: null },
      ]),
    ).toBe('measurements-required');
  });
  it('null when everything required is answered; na counts for a measurement', () => {
    expect(
      cannotBeFinishedReason(def, [
        { itemKey: 'frontBrakePads', result: 'na', value: null },
        { itemKey: 'wipers', result: 'critical', value: null },
      ]),
    ).toBeNull();
  });
});

describe('finish blockers', () => {
  const keys = (list: ReadonlyArray<{ itemKey: string }>) => list.map((i) => i.itemKey);
  it('names each item in page order, a required measurement untouched in both lists', () => {
    const b = finishBlockers(def, []);
    expect(keys(b.missingMeasurements)).toEqual(['frontBrakePads']);
    expect(b.missingMeasurements[0]).toEqual({
      itemKey: 'frontBrakePads',
      name: t('Front pads'),
      group: 'brakes',
      section: 'front',
      sectionName: t('Front'),
      unit: 'mm',
    });
    expect(keys(b.missingResults)).toEqual(['wipers', 'frontBrakePads']);
    expect(finishReasonOf(b)).toBe('measurements-required');
  });
  it('a severity without its value blocks, an optional reading too; na needs no value', () => {
    const b = finishBlockers(def, [
      { itemKey: 'frontBrakePads', result: 'warning', value: null },
      { itemKey: 'pressure', result: 'okay', value: null },
      { itemKey: 'pressure', result: 'okay', value: 32 },
      { itemKey: 'wipers', result: null, value: null },
    ]);
    expect(keys(b.missingMeasurements)).toEqual(['pressure', 'frontBrakePads']);
    expect(keys(b.missingResults)).toEqual(['wipers']);
    const na = finishBlockers(def, [
      { itemKey: 'frontBrakePads', result: 'na', value: null },
      { itemKey: 'wipers', result: 'okay', value: null },
    ]);
    expect(noBlockers(na)).toBe(true);
    expect(finishReasonOf(na)).toBeNull();
  });
  it('a value without a severity measures the item but does not answer it', () => {
    const b = finishBlockers(def, [
      { itemKey: 'frontBrakePads', result: null, value: 6 },
      { itemKey: 'wipers', result: 'okay', value: null },
    ]);
    expect(b.missingMeasurements).toEqual([]);
    expect(keys(b.missingResults)).toEqual(['frontBrakePads']);
    expect(finishReasonOf(b)).toBe('items-required');
  });
});

describe('effects of a result change on its order', () => {
  const ctx = { role: 'Technician' as const, timeTrackerEnabled: true, timeTrackerRunning: false, states: NEW_ORDER_STATES };
  it('starts the tracker for a technician when enabled and not running; work starts', () => {
    const e = resultChangeEffects(ctx);
    expect(e).toMatchObject({ reopen: false, startTimeTracker: true });
    expect(e.states.inspection).toBe('inProgress');
  });
  it('does not start it for an advisor, when disabled or when running', () => {
    expect(resultChangeEffects({ ...ctx, role: 'ServiceAdvisor' }).startTimeTracker).toBe(false);
    expect(resultChangeEffects({ ...ctx, timeTrackerEnabled: false }).startTimeTracker).toBe(false);
    expect(resultChangeEffects({ ...ctx, timeTrackerRunning: true }).startTimeTracker).toBe(false);
  });
  it('reopens a finished inspection', () => {
    const e = resultChangeEffects({ ...ctx, states: { ...NEW_ORDER_STATES, inspection: 'done', estimate: 'pending' } });
    expect(e.reopen).toBe(true);
    expect(e.states).toMatchObject({ inspection: 'inProgress', estimate: 'pending' });
  });
});

describe('automatic selection', () => {
  const selections = [{ match: 'Fleet Express Deliveries', inspectionTypeId: 'quick' }];
  it('matches the business name without regard to case or spaces when enabled', () => {
    expect(businessMatchKey('  Fleet   EXPRESS deliveries ')).toBe('fleet express deliveries');
    expect(selectInspectionType({ enabled: true, business: 'fleet express  deliveries', selections, defaultTypeId: 'mpi' })).toEqual({
      inspectionTypeId: 'quick',
      by: 'automatic',
    });
  });
  it('falls back to the default when off, without a match or without a business', () => {
    expect(selectInspectionType({ enabled: false, business: 'Fleet Express Deliveries', selections, defaultTypeId: 'mpi' }).by).toBe('default');
    expect(selectInspectionType({ enabled: true, business: 'Other Co', selections, defaultTypeId: 'mpi' }).inspectionTypeId).toBe('mpi');
    expect(selectInspectionType({ enabled: true, business: null, selections, defaultTypeId: null })).toEqual({ inspectionTypeId: null, by: 'none' });
  });
  it('only owner and admin (and root) change the type while it is on', () => {
    expect(mayChangeInspectionType('ServiceAdvisor', false)).toBe(true);
    expect(mayChangeInspectionType('ServiceAdvisor', true)).toBe(false);
    expect(mayChangeInspectionType('StoreManager', true)).toBe(false);
    expect(mayChangeInspectionType('owner', true)).toBe(true);
    expect(mayChangeInspectionType('admin', true)).toBe(true);
  });
});

describe('request schemas', () => {
  it('needs an itemKey and refuses unknown fields', () => {
    expect(ZCreateResultRequest.safeParse({}).success).toBe(false);
    expect(ZCreateResultRequest.safeParse({ itemKey: 'x', admin: true }).success).toBe(false);
    expect(ZCreateResultRequest.parse({ itemKey: 'x', note: '' }).note).toBeNull();
  });
  it('an update needs a field', () => {
    expect(ZUpdateResultRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateResultRequest.safeParse({ deferredIgnoredByCustomer: true }).success).toBe(true);
    expect(ZUpdateResultRequest.safeParse({ confirmed: false }).success).toBe(false);
  });
});
