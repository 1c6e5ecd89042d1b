import { describe, expect, it } from 'vitest';
import { repeatedUsernames, ZAccountSetup, ZSetupStore } from './account-setup.js';

const store = { name: 'Main', email: 'main@example.com', phoneNo: '514 555 0100', address: '1 Main', openTime: [] };

describe('setup wizard rules', () => {
  it('finds usernames given twice, whatever the case, once each', () => {
    expect(repeatedUsernames([{ username: 'Ann' }, { username: 'bob' }, { username: 'ann ' }, { username: 'ANN' }, { username: '' }, { username: '' }])).toEqual(['ann']);
    expect(repeatedUsernames([{ username: 'a1' }, { username: 'a2' }])).toEqual([]);
  });

  it("makes the first store's contact details mandatory and checks them", () => {
    expect(ZSetupStore.safeParse(store).success).toBe(true);
    for (const field of ['email', 'phoneNo', 'address'] as const) {
      expect(ZSetupStore.safeParse({ ...store, [field]: ' ' }).success, field).toBe(false);
    }
    expect(ZSetupStore.safeParse({ ...store, email: 'nope' }).success).toBe(false);
    expect(ZSetupStore.safeParse({ ...store, phoneNo: '12345' }).success).toBe(false);
    expect(ZSetupStore.safeParse({ ...store, openTime: [{ day: 'friday', open: '18:00', close: '09:00' }] }).success).toBe(false);
  });

  it("picks the first store's state from its country's list, us when no country is given", () => {
    expect(ZSetupStore.parse({ ...store, country: 'ca', state: 'QC' })).toMatchObject({ country: 'ca', state: 'QC' });
    expect(ZSetupStore.safeParse({ ...store, state: 'TX' }).success).toBe(true);
    expect(ZSetupStore.safeParse({ ...store, state: 'QC' }).error?.issues[0]).toMatchObject({ path: ['state'] });
  });

  it('refuses a username twice in the workers, and more roles than the wizard grants', () => {
    const worker = { username: 'tom', firstName: 'Tom', type: 'Technician', email: 'tom@example.com' };
    expect(ZAccountSetup.safeParse({ account: { name: 'A' }, store, workers: [worker] }).success).toBe(true);
    const twice = ZAccountSetup.safeParse({ account: { name: 'A' }, store, workers: [worker, { ...worker, username: 'TOM' }] });
    expect(twice.error?.issues[0]?.message).toBe('the username tom is given twice');
    expect(ZAccountSetup.safeParse({ account: { name: 'A' }, store, workers: [{ ...worker, type: 'GeneralManager' }] }).success).toBe(false);
    expect(ZAccountSetup.parse({ account: { name: 'A' }, store }).workers).toEqual([]);
  });
});
