import { describe, expect, it } from 'vitest';
import { isRegionOf, REGIONS, regionOptions, regionProblem } from './regions.js';

describe('states and provinces', () => {
  it('lists the 50 US states with DC, and the 13 Canadian provinces and territories', () => {
    expect(REGIONS.us).toHaveLength(51);
    expect(REGIONS.ca).toHaveLength(13);
    for (const list of Object.values(REGIONS)) expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
  });

  it('names Canadian provinces in French, sorted in the language', () => {
    const fr = regionOptions('ca', 'fr');
    expect(fr).toContainEqual({ value: 'QC', label: 'Québec' });
    expect(fr).toContainEqual({ value: 'BC', label: 'Colombie-Britannique' });
    expect(regionOptions('ca', 'en')).toContainEqual({ value: 'QC', label: 'Quebec' });
    expect(fr.map((o) => o.label)).toEqual([...fr.map((o) => o.label)].sort((a, b) => a.localeCompare(b, 'fr')));
  });

  it("accepts a state only on its country's list", () => {
    expect(isRegionOf('ca', 'QC')).toBe(true);
    expect(isRegionOf('us', 'QC')).toBe(false);
    expect(regionProblem('us', 'NY')).toBeNull();
    expect(regionProblem('us', null)).toBeNull();
    expect(regionProblem('us', 'ON')).toBe('must be a state of the United States');
    expect(regionProblem('ca', 'NY')).toBe('must be a province or territory of Canada');
  });
});
