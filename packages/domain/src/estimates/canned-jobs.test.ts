import { describe, expect, it } from 'vitest';
import {
  cannedJobNameKey,
  jobMatchScore,
  lineFromJob,
  matchWords,
  suggestJobs,
  ZCannedJobInput,
} from './canned-jobs.js';

const JOBS = [
  'Oil change',
  'Front brake pads',
  'Rear brake pads',
  'Wiper blades',
  'Cabin air filter',
  'Engine air filter',
  'Tire rotation',
  'Battery replacement',
  'Coolant flush',
  'Brake fluid flush',
  'Wheel alignment',
  'Serpentine belt',
].map((name) => ({ name }));

const names = (jobs: Array<{ name: string }>) => jobs.map((j) => j.name);

describe('matchWords', () => {
  it('keeps the words that name the work: lower case, no accents, no plural, no generic verbs', () => {
    expect(matchWords('Front brake pads — Pads getting thin: Replace pads soon')).toEqual([
      'front', 'brake', 'pad', 'pad', 'getting', 'thin', 'pad',
    ]);
    expect(matchWords('Balais d’essuie-glace — Usé : Remplacer bientôt')).toEqual(['balai', 'essuie', 'glace']);
    expect(matchWords('Glass')).toEqual(['glass']);
  });
});

describe('jobMatchScore', () => {
  it("is the share of the job's words found in the text", () => {
    expect(jobMatchScore('Front brake pads', 'Front brake pads — Worn: Replace soon')).toBe(1);
    expect(jobMatchScore('Rear brake pads', 'Front brake pads — Worn: Replace soon')).toBeCloseTo(2 / 3);
    expect(jobMatchScore('Battery replacement', 'Front brake pads — Worn: Replace soon')).toBe(0);
    // Words sharing five first letters match: a rotation for "Rotate tires".
    expect(jobMatchScore('Tire rotation', 'Left front tread — Uneven wear: Rotate tires')).toBe(1);
    expect(jobMatchScore('', 'anything')).toBe(0);
  });
});

describe('suggestJobs', () => {
  it("offers the jobs matching the line's finding and recommendation first, best first", () => {
    const { suggested, others } = suggestJobs(JOBS, 'Wiper blades — Worn: Replace soon');
    expect(names(suggested)).toEqual(['Wiper blades']);
    expect(others).toHaveLength(JOBS.length - 1);
    expect(names(others)[0]).toBe('Battery replacement');

    const filter = suggestJobs(JOBS, 'Engine air filter — Dirty: Replace');
    expect(names(filter.suggested)).toEqual(['Engine air filter', 'Cabin air filter']);

    const pads = suggestJobs(JOBS, 'Front brake pads — Worn to the wear indicator: Replace pads and resurface or replace rotors');
    expect(names(pads.suggested)).toEqual(['Front brake pads', 'Rear brake pads', 'Brake fluid flush']);

    const battery = suggestJobs(JOBS, 'Battery cold cranking amps — Failed battery test: Replace battery');
    expect(names(battery.suggested)).toEqual(['Battery replacement']);
  });

  it('suggests nothing for an empty text, and lists every job by name', () => {
    const { suggested, others } = suggestJobs(JOBS, '  ');
    expect(suggested).toEqual([]);
    expect(names(others)).toEqual([...names(JOBS)].sort((a, b) => a.localeCompare(b)));
  });
});

describe('canned job input', () => {
  it('names the field it refuses; hours, parts and fees default to none', () => {
    expect(ZCannedJobInput.parse({ name: ' Oil change ' })).toEqual({ name: 'Oil change', labourHours: 0, parts: [], fees: [] });
    const bad = ZCannedJobInput.safeParse({ name: 'Pads', parts: [{ number: null, description: 'Pads', quantity: 1, unitPrice: -1 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['parts', 0, 'unitPrice']);
  });

  it('keys names by case and spacing, and copies what a job puts on a line', () => {
    expect(cannedJobNameKey('  Oil   CHANGE ')).toBe('oil change');
    const job = { labourHours: 1.5, parts: [{ number: 'P1', description: 'Pads', quantity: 2, unitPrice: 45_99 }], fees: [{ description: 'Disposal', amount: 5_00 }] };
    const line = lineFromJob(job);
    expect(line).toEqual(job);
    line.parts[0]!.quantity = 3;
    expect(job.parts[0]!.quantity).toBe(2);
  });
});
