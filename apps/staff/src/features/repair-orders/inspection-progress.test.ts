import { describe, expect, it } from 'vitest';
import type { InspectionDefinition, InspectionItem, InspectionResult } from '@servicebay/domain';
import { applyPatch, buildGroups } from './inspection-model.js';
import { allOkPlan, inspectionProgress, leftEntries } from './inspection-progress.js';

const text = (en: string) => ({ en, fr: `${en} (fr)` });
const base = { required: true, multiple: false, findings: [{ key: 'good', text: text('Good'), severities: ['okay' as const], recommendations: [] }] };
const pads: InspectionItem = {
  ...base,
  itemKey: 'pads',
  name: text('Pads'),
  measurement: { unit: 'mm', min: 0, max: 20, step: 0.5, thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 } },
};
const wipers: InspectionItem = { ...base, itemKey: 'wipers', name: text('Wipers'), measurement: null };
const horn: InspectionItem = { ...base, itemKey: 'horn', name: text('Horn'), required: false, measurement: null };
const lights: InspectionItem = { ...base, itemKey: 'lights', name: text('Lights'), required: false, multiple: true, measurement: null };
const pressure: InspectionItem = {
  ...base,
  itemKey: 'pressure',
  name: text('Pressure'),
  required: false,
  multiple: true,
  measurement: { unit: 'psi', min: 0, max: 80, step: 1, thresholds: null },
};
const type = {
  groupOrder: ['vehicleDetails'],
  groups: [
    {
      key: 'vehicleDetails',
      name: text('Vehicle details'),
      shownByDefault: true,
      sections: [{ key: 'front', name: text('Front'), items: [pads, wipers, horn, lights, pressure] }],
    },
  ],
} as Pick<InspectionDefinition, 'groups' | 'groupOrder'>;

const result = (itemKey: string, patch: Partial<InspectionResult>): InspectionResult => ({
  ...applyPatch(null, {}, { group: 'vehicleDetails', section: 'front', item: pads }, 'o1', `r-${itemKey}-${Math.random()}`),
  itemKey,
  ...patch,
});
const rowsOf = (results: InspectionResult[]) => buildGroups(type, results)[0]!.sections[0]!.rows;

describe('inspectionProgress', () => {
  it('counts items answered of all items and lists what blocks finishing, one entry per item', () => {
    const p = inspectionProgress(type, [result('horn', { result: 'okay' }), result('pressure', { result: 'okay', value: null })]);
    expect([p.answered, p.total]).toEqual([2, 5]);
    expect(p.left.map((e) => [e.itemKey, e.missingMeasurement, e.missingResult])).toEqual([
      ['pads', 'mm', true],
      ['pressure', 'psi', false],
      ['wipers', null, true],
    ]);
    expect(p.left[0]).toMatchObject({ group: 'vehicleDetails', section: 'front', name: text('Pads'), sectionName: text('Front') });
  });
  it('nothing left once every required item is answered and measured', () => {
    const p = inspectionProgress(type, [result('pads', { result: 'okay', value: 8 }), result('wipers', { result: 'okay' })]);
    expect(p.left).toEqual([]);
    expect(p.answered).toBe(2);
  });
});

describe('leftEntries', () => {
  it("merges the server's two lists: measurements first, results only once", () => {
    const entry = { itemKey: 'a', name: text('A'), group: 'g', section: 's', sectionName: text('S') };
    const merged = leftEntries({
      missingResults: [{ ...entry, itemKey: 'b' }, entry],
      missingMeasurements: [{ ...entry, unit: 'V' }],
    });
    expect(merged.map((e) => [e.itemKey, e.missingMeasurement, e.missingResult])).toEqual([
      ['a', 'V', true],
      ['b', null, true],
    ]);
  });
});

describe('allOkPlan', () => {
  it('sets okay with its default finding on items without a severity, never on one already set', () => {
    const plan = allOkPlan(rowsOf([result('wipers', { result: 'critical' })]));
    expect(plan.map((s) => s.row.key)).toEqual(['horn', 'lights#new']);
    expect(plan[0]!.patch).toMatchObject({ result: 'okay', finding: 'good', recommendation: null });
  });
  it('leaves a measurement item to its value, unless the value is in', () => {
    const plan = allOkPlan(rowsOf([result('pads', { value: 8, result: null })]));
    expect(plan.map((s) => s.row.key)).toContain('pads');
    expect(plan.map((s) => s.row.key)).not.toContain('pressure#new');
  });
  it('adds no reading to a multiple item that has one, and sets one without a severity', () => {
    const reading = result('lights', { result: null, note: 'left one dim' });
    const plan = allOkPlan(rowsOf([reading]));
    expect(plan.map((s) => s.row.key)).toEqual(['wipers', 'horn', `lights#${reading._id}`]);
  });
  it('is empty when everything has a severity', () => {
    const all = [
      result('pads', { result: 'warning', value: 4 }),
      result('wipers', { result: 'okay' }),
      result('horn', { result: 'na' }),
      result('lights', { result: 'okay' }),
    ];
    expect(allOkPlan(rowsOf(all))).toEqual([]);
  });
});
