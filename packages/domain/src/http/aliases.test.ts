import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withAliases } from './aliases.js';

const ZBody = withAliases(z.strictObject({ vin: z.string().length(17), storeId: z.string() }), {
  VIN: 'vin',
  vinNumber: 'vin',
  owner: 'storeId',
});

describe('withAliases', () => {
  it('accepts every name of a field and answers with the chosen one', () => {
    const vin = '1HGCM82633A004352';
    expect(ZBody.parse({ VIN: vin, owner: 's' })).toEqual({ vin, storeId: 's' });
    expect(ZBody.parse({ vinNumber: vin, storeId: 's' })).toEqual({ vin, storeId: 's' });
    expect(ZBody.parse({ vin, storeId: 's' })).toEqual({ vin, storeId: 's' });
  });

  it('accepts the same value under two names, refuses two different ones', () => {
    const vin = '1HGCM82633A004352';
    expect(ZBody.parse({ vin, VIN: vin, storeId: 's' })).toEqual({ vin, storeId: 's' });
    const result = ZBody.safeParse({ vin, VIN: '2HGCM82633A004352', storeId: 's' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['vin'], message: 'VIN and vin disagree; send one' });
  });

  it('still refuses unknown fields', () => {
    expect(ZBody.safeParse({ vin: '1HGCM82633A004352', storeId: 's', other: 1 }).success).toBe(false);
  });
});
