import { describe, expect, it } from 'vitest';
import { basePathOf, variantOf } from './variant.js';

describe('portal variant', () => {
  it('is fleet under /my-fleet and car everywhere else', () => {
    expect(variantOf('/my-fleet/login')).toBe('fleet');
    expect(variantOf('/my-fleet')).toBe('fleet');
    expect(variantOf('/my-car/login')).toBe('car');
    expect(variantOf('/report/42')).toBe('car');
    // A look-alike path is not the fleet area.
    expect(variantOf('/my-fleetwood/login')).toBe('car');
  });

  it('maps each variant to its area', () => {
    expect(basePathOf('car')).toBe('/my-car');
    expect(basePathOf('fleet')).toBe('/my-fleet');
  });
});
