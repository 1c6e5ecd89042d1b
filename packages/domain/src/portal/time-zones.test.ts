import { describe, expect, it } from 'vitest';
import { COUNTRIES, REGIONS } from '../identity/regions.js';
import { defaultTimeZone, isTimeZone, storeTimeZone } from './time-zones.js';

describe('store time zones', () => {
  it('gives every state and province a zone the runtime knows', () => {
    for (const country of COUNTRIES) {
      for (const region of REGIONS[country]) {
        const zone = defaultTimeZone(country, region.code);
        expect(isTimeZone(zone), `${country} ${region.code}: ${zone}`).toBe(true);
      }
    }
  });

  it('derives the zone from the province or state, else the country', () => {
    expect(defaultTimeZone('ca', 'QC')).toBe('America/Toronto');
    expect(defaultTimeZone('ca', 'BC')).toBe('America/Vancouver');
    expect(defaultTimeZone('us', 'TX')).toBe('America/Chicago');
    expect(defaultTimeZone('us', null)).toBe('America/New_York');
    expect(defaultTimeZone('ca', null)).toBe('America/Toronto');
    expect(defaultTimeZone(undefined, undefined)).toBe('America/New_York');
  });

  it('accepts IANA names only', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
    expect(isTimeZone('+05:00')).toBe(false);
    expect(isTimeZone('EST')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it("prefers the store's own setting", () => {
    expect(storeTimeZone({ timeZone: 'America/Halifax', country: 'ca', state: 'QC' })).toBe('America/Halifax');
    expect(storeTimeZone({ timeZone: null, country: 'ca', state: 'QC' })).toBe('America/Toronto');
  });
});
