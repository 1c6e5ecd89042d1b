import { describe, expect, it } from 'vitest';
import { inspectionTypeChoice } from './inspection-type-choice.js';

const choice = (role: string, automaticSelectionEnabled: boolean, closed = false) =>
  inspectionTypeChoice({ role, automaticSelectionEnabled, closed });

describe('inspection type choice', () => {
  it('lets every ticket writer change the type while automatic selection is off', () => {
    for (const role of ['Technician', 'ServiceAdvisor', 'StoreManager', 'owner', 'admin']) expect(choice(role, false)).toBe('change');
  });

  it('offers the override only to account-level users while automatic selection is on', () => {
    expect(choice('owner', true)).toBe('override');
    expect(choice('admin', true)).toBe('override');
    for (const role of ['Technician', 'MasterTechnician', 'ServiceAdvisor', 'StoreManager', 'ServiceManager', 'GeneralManager']) {
      expect(choice(role, true)).toBe('automatic');
    }
  });

  it('offers nothing on a closed ticket or to roles that do not write tickets', () => {
    expect(choice('owner', true, true)).toBe('none');
    expect(choice('Technician', false, true)).toBe('none');
    for (const role of ['Store', 'AnalyticsViewer', 'paymentManager']) expect(choice(role, false)).toBe('none');
  });
});
