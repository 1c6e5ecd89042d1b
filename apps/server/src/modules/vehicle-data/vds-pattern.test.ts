import { describe, expect, it } from 'vitest';
import { vdsCompatible, vdsPositions } from './vpic.repository.js';

describe('vPIC VDS patterns', () => {
  it('reads literals, wildcards, sets and ranges per position', () => {
    expect(vdsPositions('CR2[EF][3-5]*|*A')).toEqual(['C', 'R', '2', 'EF', '345', null]);
  });
  it('says two patterns can hold for one VIN when every position meets', () => {
    expect(vdsCompatible('CR2E9', 'CR2[EF][357]')).toBe(false);
    expect(vdsCompatible('CR2F5', 'CR2[EF][357]')).toBe(true);
    expect(vdsCompatible('**A', 'B**')).toBe(true);
    expect(vdsCompatible('CT1A', 'CT1B')).toBe(false);
  });
});
