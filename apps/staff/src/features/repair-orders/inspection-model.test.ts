import { describe, expect, it } from 'vitest';
import type {
  InspectionDefinition,
  InspectionItem,
  RepairOrder,
  InspectionResult,
} from '@servicebay/domain';
import {
  applyPatch,
  buildGroups,
  findingPatch,
  measurementPatch,
  orderAfterResultChange,
  parseMeasurement,
  pictureTotal,
  resultOfRow,
  severityPatch,
  shareSections,
  uniqueName,
} from './inspection-model.js';

const text = (en: string) => ({ en, fr: `${en} (fr)` });

const pads: InspectionItem = {
  itemKey: 'frontBrakePads',
  name: text('Front brake pads'),
  required: true,
  multiple: false,
  findings: [
    { key: 'good', text: text('Good'), severities: ['okay'], recommendations: [] },
    {
      key: 'worn',
      text: text('Worn'),
      severities: ['warning', 'critical'],
      recommendations: [
        { key: 'replace', text: text('Replace') },
        { key: 'monitor', text: text('Monitor') },
      ],
    },
  ],
  measurement: {
    unit: 'mm',
    min: 0,
    max: 20,
    step: 0.5,
    thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 },
  },
};
const pressure: InspectionItem = {
  ...pads,
  itemKey: 'tirePressure',
  name: text('Tire pressure'),
  required: false,
  multiple: true,
  measurement: { unit: 'psi', min: 0, max: 80, step: 1, thresholds: null },
};
const odometer: InspectionItem = { ...pads, itemKey: 'odometerPhoto', measurement: null, findings: [] };

const type: Pick<InspectionDefinition, 'groups' | 'groupOrder'> = {
  groupOrder: ['brakes', 'vehicleDetails'],
  groups: [
    {
      key: 'brakes',
      name: text('Brakes'),
      shownByDefault: false,
      sections: [{ key: 'front', name: text('Front'), items: [pads, pressure] }],
    },
    {
      key: 'vehicleDetails',
      name: text('Vehicle details'),
      shownByDefault: true,
      sections: [{ key: 'arrival', name: text('Arrival'), items: [odometer] }],
    },
  ],
} as Pick<InspectionDefinition, 'groups' | 'groupOrder'>;

const row = { group: 'brakes', section: 'front', item: pads };
const result = (patch: Partial<InspectionResult>): InspectionResult => ({
  ...applyPatch(null, {}, row, 'order-1', 'r1'),
  ...patch,
});

describe('buildGroups', () => {
  it('puts vehicleDetails first and open, one row per single item, each reading and a new one for multiple items', () => {
    const r1 = result({ _id: 'p1', itemKey: 'tirePressure', value: 32 });
    const r2 = result({ _id: 'p2', itemKey: 'tirePressure', value: 33 });
    const r3 = result({ _id: 'b1', itemKey: 'frontBrakePads', result: 'okay' });
    const groups = buildGroups(type, [r1, r3, r2]);
    expect(groups.map((g) => [g.key, g.shownByDefault])).toEqual([
      ['vehicleDetails', true],
      ['brakes', false],
    ]);
    const rows = groups[1]!.sections[0]!.rows;
    expect(rows.map((r) => [r.key, r.result?._id ?? null, r.reading])).toEqual([
      ['frontBrakePads', 'b1', null],
      ['tirePressure#p1', 'p1', 1],
      ['tirePressure#p2', 'p2', 2],
      ['tirePressure#new', null, 3],
    ]);
    // The result objects are the cached ones: an unchanged row keeps its props.
    expect(rows[0]!.result).toBe(r3);
  });
});

describe('shareSections', () => {
  it('keeps the sections whose rows did not change, so only the changed one renders again', () => {
    const r3 = result({ _id: 'b1', itemKey: 'frontBrakePads', result: 'okay' });
    const first = buildGroups(type, [r3]);
    const again = shareSections(first, buildGroups(type, [r3]));
    expect(again[0]!.sections[0]).toBe(first[0]!.sections[0]);
    expect(again[1]!.sections[0]).toBe(first[1]!.sections[0]);
    const changed = shareSections(first, buildGroups(type, [{ ...r3, result: 'warning' }]));
    expect(changed[0]).toBe(first[0]);
    expect(changed[1]).not.toBe(first[1]);
    expect(changed[1]!.sections[0]).not.toBe(first[1]!.sections[0]);
  });
});

describe('severityPatch (through the domain rules)', () => {
  it('okay: first okay finding, no recommendation; critical: first finding and its first recommendation', () => {
    expect(severityPatch(pads, null, 'okay')).toEqual({
      result: 'okay',
      finding: 'good',
      recommendation: null,
    });
    expect(severityPatch(pads, { result: 'okay', mapValue: null }, 'critical')).toEqual({
      result: 'critical',
      finding: 'worn',
      recommendation: 'replace',
    });
  });
  it('the same severity again clears it, and a reason code that no longer fits goes', () => {
    expect(severityPatch(pads, { result: 'warning', mapValue: '2' }, 'warning')).toEqual({
      result: null,
      finding: null,
      recommendation: null,
      mapValue: null,
    });
    expect(severityPatch(pads, { result: 'warning', mapValue: '2' }, 'critical').mapValue).toBeNull();
    expect(severityPatch(odometer, null, 'warning')).toMatchObject({
      finding: 'Other',
      recommendation: null,
    });
  });
});

describe('findingPatch', () => {
  it("brings the finding's first recommendation for warning and critical only", () => {
    expect(findingPatch(pads, 'warning', 'worn')).toEqual({ finding: 'worn', recommendation: 'replace' });
    expect(findingPatch(pads, 'okay', 'good')).toEqual({ finding: 'good', recommendation: null });
    expect(findingPatch(pads, 'critical', null)).toEqual({ finding: null, recommendation: null });
  });
});

describe('measurements', () => {
  it('parses what a number pad types, comma or point, inside the range', () => {
    expect(parseMeasurement('3,5', pads.measurement!)).toEqual({ kind: 'value', value: 3.5 });
    expect(parseMeasurement(' 12 ', pads.measurement!)).toEqual({ kind: 'value', value: 12 });
    expect(parseMeasurement('', pads.measurement!)).toEqual({ kind: 'empty' });
    expect(parseMeasurement('21', pads.measurement!)).toEqual({ kind: 'invalid' });
    expect(parseMeasurement('-1', pads.measurement!)).toEqual({ kind: 'invalid' });
    expect(parseMeasurement('4mm', pads.measurement!)).toEqual({ kind: 'invalid' });
  });
  it('sets the severity the thresholds suggest on a result without one, and leaves a chosen one alone', () => {
    expect(measurementPatch(pads, null, 2)).toEqual({
      value: 2,
      result: 'critical',
      finding: 'worn',
      recommendation: 'replace',
    });
    expect(measurementPatch(pads, { result: null }, 8)).toMatchObject({ value: 8, result: 'okay' });
    expect(measurementPatch(pads, { result: 'warning' }, 8)).toEqual({ value: 8 });
    expect(measurementPatch(pressure, null, 32)).toEqual({ value: 32 });
    expect(measurementPatch(pads, null, null)).toEqual({ value: null });
  });
});

describe('applyPatch', () => {
  it('shows the change at once, unconfirmed, keeping what it does not touch', () => {
    const before = result({ _id: 'x', confirmed: true, note: 'squeal', value: 5 });
    const after = applyPatch(
      before,
      { result: 'warning', finding: 'worn', value: undefined },
      row,
      'order-1',
      't',
    );
    expect(after).toMatchObject({
      _id: 'x',
      result: 'warning',
      finding: 'worn',
      note: 'squeal',
      value: 5,
      confirmed: false,
    });
    const created = applyPatch(null, { result: 'okay' }, row, 'order-1', 'pending:frontBrakePads');
    expect(created).toMatchObject({
      _id: 'pending:frontBrakePads',
      itemKey: 'frontBrakePads',
      group: 'brakes',
      result: 'okay',
    });
  });
});

describe('orderAfterResultChange', () => {
  const order = {
    finished: true,
    states: {
      inspection: 'done',
      report: 'notStarted',
      estimate: 'notStarted',
      approval: 'notStarted',
      parts: 'notStarted',
      work: 'notStarted',
    },
    timeTracker: { isRunning: false, elapsedSeconds: 10 },
  } as unknown as RepairOrder;
  it("reopens a finished inspection and starts a technician's clock where the store enables it", () => {
    const next = orderAfterResultChange(order, { role: 'Technician', timeTrackerEnabled: true });
    expect(next).toMatchObject({
      finished: false,
      states: { inspection: 'inProgress' },
      timeTracker: { isRunning: true },
    });
    expect(
      orderAfterResultChange(order, { role: 'ServiceAdvisor', timeTrackerEnabled: true }).timeTracker
        .isRunning,
    ).toBe(false);
  });
  it('leaves an order already in progress with its clock running as it is', () => {
    const running = {
      ...order,
      finished: false,
      states: { ...order.states, inspection: 'inProgress' },
      timeTracker: { isRunning: true, elapsedSeconds: 1 },
    } as RepairOrder;
    expect(orderAfterResultChange(running, { role: 'Technician', timeTrackerEnabled: true })).toBe(running);
  });
});

describe('counts', () => {
  it('the picture total counts the order picture, result pictures and result videos', () => {
    const pic = { name: 'a.jpg' } as InspectionResult['pictures'][number];
    const vid = { name: 'a.mp4' } as InspectionResult['videos'][number];
    const results = [result({ pictures: [pic, pic] }), result({ videos: [vid] })];
    expect(pictureTotal(true, results)).toBe(4);
    expect(pictureTotal(false, [])).toBe(0);
  });
  it('resultOfRow finds a reading by id, none for the new reading, a single item by key', () => {
    const p1 = result({ _id: 'p1', itemKey: 'tirePressure' });
    const b1 = result({ _id: 'b1', itemKey: 'frontBrakePads' });
    expect(resultOfRow([b1, p1], { key: 'tirePressure#p1', item: pressure })).toBe(p1);
    expect(resultOfRow([b1, p1], { key: 'tirePressure#new', item: pressure })).toBeNull();
    expect(resultOfRow([b1, p1], { key: 'frontBrakePads', item: pads })).toBe(b1);
  });
  it('uniqueName numbers a name the result already has', () => {
    expect(uniqueName('image.jpg', [])).toBe('image.jpg');
    expect(uniqueName('image.jpg', ['IMAGE.jpg', 'image-2.jpg'])).toBe('image-3.jpg');
  });
});
