import { describe, expect, it } from 'vitest';
import { ZStoreSettings } from './store.js';
import { applySettingsChange, fullWeek, openTimeProblems, SETTINGS_GROUPS, ZStoreSettingsChange } from './store-settings.js';

describe('opening hours', () => {
  it('finds days closing at or before they open, and days given twice', () => {
    expect(
      openTimeProblems([
        { day: 'monday', open: '08:00', close: '17:00' },
        { day: 'tuesday', open: '17:00', close: '08:00' },
        { day: 'wednesday', open: '09:00', close: '09:00' },
        { day: 'sunday', open: 'closed' },
        { day: 'monday', open: 'closed' },
      ]),
    ).toEqual([
      { day: 'tuesday', problem: 'closeBeforeOpen' },
      { day: 'wednesday', problem: 'closeBeforeOpen' },
      { day: 'monday', problem: 'duplicateDay' },
    ]);
  });

  it('gives the whole week in order, missing days closed', () => {
    const week = fullWeek([{ day: 'friday', open: '08:00', close: '12:00' }]);
    expect(week.map((d) => d.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(week[4]).toEqual({ day: 'friday', open: '08:00', close: '12:00' });
    expect(week[0]).toEqual({ day: 'monday', open: 'closed' });
  });
});

describe('settings change', () => {
  it('changes only what is sent, without filling defaults over the stored values', () => {
    const current = ZStoreSettings.parse({ paymentsEnabled: true, workflowVersion: '1' });
    const change = ZStoreSettingsChange.parse({ vinIsMandatory: true, phoneNo: '', adminPIN: '1234' });
    const { settings, details, adminPIN, openTime } = applySettingsChange(current, change);
    expect(settings).toMatchObject({ paymentsEnabled: true, workflowVersion: '1', vinIsMandatory: true });
    expect(details).toEqual({ phoneNo: null });
    expect(adminPIN).toBe('1234');
    expect(openTime).toBeUndefined();
  });

  it('refuses an empty change, unknown fields and bad values', () => {
    expect(ZStoreSettingsChange.safeParse({}).success).toBe(false);
    expect(ZStoreSettingsChange.safeParse({ nope: 1 }).success).toBe(false);
    expect(ZStoreSettingsChange.safeParse({ logoutByInactivity: { unit: 'days', value: 1 } }).success).toBe(false);
    expect(ZStoreSettingsChange.safeParse({ email: 'a@b' }).success).toBe(false);
  });

  it("checks the state against the country sent with it, us by default", () => {
    expect(ZStoreSettingsChange.parse({ country: 'ca', state: ' qc ' })).toMatchObject({ country: 'ca', state: 'QC' });
    expect(ZStoreSettingsChange.parse({ country: 'us', state: '' })).toMatchObject({ country: 'us', state: null });
    const refused = ZStoreSettingsChange.safeParse({ country: 'us', state: 'QC' });
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['state'], message: 'must be a state of the United States' })]);
    expect(ZStoreSettingsChange.safeParse({ state: 'NY' }).error?.issues[0]).toMatchObject({ path: ['state'], message: 'country and state are changed together' });
    expect(ZStoreSettingsChange.safeParse({ country: 'fr', state: null }).success).toBe(false);
    const { details } = applySettingsChange(ZStoreSettings.parse({}), ZStoreSettingsChange.parse({ country: 'ca', state: 'ON' }));
    expect(details).toEqual({ country: 'ca', state: 'ON' });
  });

  it('puts every setting in exactly one group of the settings page', () => {
    const grouped = Object.values(SETTINGS_GROUPS).flat().sort();
    expect(grouped).toEqual(Object.keys(ZStoreSettings.shape).sort());
  });
});
