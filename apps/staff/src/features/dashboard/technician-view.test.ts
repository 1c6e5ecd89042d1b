import { describe, expect, it } from 'vitest';
import { en, fr } from '@servicebay/locales';
import {
  cardViewOf,
  hasSavedDashboardChoices,
  startingDashboardChoices,
  technicianState,
  TECHNICIAN_STATES,
} from './technician-view.js';

const never = { filter: null, sorting: null, waitingFirst: false, myVehicles: false };
const tech = { type: 'Technician' as const, lastRoleUsed: null, ...never };

describe('hasSavedDashboardChoices', () => {
  it('is false for a record never saved, true once a filter or a sort is there', () => {
    expect(hasSavedDashboardChoices({ filter: null, sorting: null })).toBe(false);
    expect(hasSavedDashboardChoices({ filter: 'allVehicles', sorting: null })).toBe(true);
    expect(hasSavedDashboardChoices({ filter: null, sorting: 'orderNumber,desc' })).toBe(true);
  });
});

describe('startingDashboardChoices', () => {
  it('switches My vehicles on for a technician who never saved, in a store without the advisor dashboard', () => {
    expect(startingDashboardChoices(tech, { technicianUseSADashboard: false }, 'technicianV2')).toEqual({
      filter: 'allVehicles',
      sorting: 'orderNumber,desc',
      waitingFirst: false,
      myVehicles: true,
    });
    expect(startingDashboardChoices({ ...tech, type: 'MasterTechnician' }, {}, 'technicianV2').myVehicles).toBe(true);
    expect(startingDashboardChoices(tech, null, 'advisor').myVehicles).toBe(true);
  });

  it("keeps the technician's saved choice, off included", () => {
    const saved = { ...tech, filter: 'inspecting', sorting: 'orderNumber,asc', myVehicles: false };
    expect(startingDashboardChoices(saved, {}, 'technicianV2')).toEqual({
      filter: 'inspecting',
      sorting: 'orderNumber,asc',
      waitingFirst: false,
      myVehicles: false,
    });
  });

  it('leaves it off where the store puts technicians on the advisor dashboard', () => {
    expect(startingDashboardChoices(tech, { technicianUseSADashboard: true }, 'advisor').myVehicles).toBe(false);
  });

  it('leaves it off for advisors, and follows the acting role', () => {
    const advisor = { ...tech, type: 'ServiceAdvisor' as const };
    expect(startingDashboardChoices(advisor, {}, 'advisor').myVehicles).toBe(false);
    expect(startingDashboardChoices({ ...advisor, lastRoleUsed: 'Technician' as const }, {}, 'technicianV2').myVehicles).toBe(true);
    expect(startingDashboardChoices({ ...tech, lastRoleUsed: 'ServiceAdvisor' as const }, {}, 'advisor').myVehicles).toBe(false);
  });
});

describe('cardViewOf', () => {
  it('shows the six steps on the advisor dashboard and one state on the technician dashboards', () => {
    expect(cardViewOf('advisor')).toBe('steps');
    expect(cardViewOf('technicianV2')).toBe('technician');
    expect(cardViewOf('basicTechnician')).toBe('technician');
  });
});

describe('technicianState', () => {
  it.each([
    [{ inspection: 'notStarted', work: 'notStarted' }, 'toInspect'],
    [{ inspection: 'pending', work: 'notStarted' }, 'toInspect'],
    [{}, 'toInspect'],
    [{ inspection: 'inProgress', work: 'notStarted' }, 'inspecting'],
    [{ inspection: 'done', work: 'notStarted' }, 'inspectionFinished'],
    [{ inspection: 'done', work: 'pending' }, 'workToDo'],
    [{ inspection: 'done', work: 'inProgress' }, 'working'],
    [{ inspection: 'done', work: 'done' }, 'workDone'],
    // A reopened inspection is the job in hand before waiting work; started work comes first of all.
    [{ inspection: 'inProgress', work: 'pending' }, 'inspecting'],
    [{ inspection: 'inProgress', work: 'inProgress' }, 'working'],
    // Work asked for without an inspection (a work-only order).
    [{ inspection: 'notStarted', work: 'pending' }, 'workToDo'],
  ] as const)('%o → %s', (states, expected) => {
    expect(technicianState(states)).toBe(expected);
  });

  it('has an English and a French text for every state', () => {
    for (const state of TECHNICIAN_STATES) {
      expect(typeof en.dashboard.technicianStates[state]).toBe('string');
      expect(typeof fr.dashboard.technicianStates[state]).toBe('string');
    }
  });
});
