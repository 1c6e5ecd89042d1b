import { describe, expect, it } from 'vitest';
import { ZStoreSettings } from '../identity/store.js';
import {
  afterFinishDestination,
  assignmentOffer,
  integrationWillNotResend,
  isClockInEnabled,
  isSignOffRequired,
  planFinish,
  timeTrackerControls,
} from './finishing.js';

const none = ZStoreSettings.parse({}).integration;
const pbs = { ...none, managementSystem: 'PBS' as const, enabled: true };
const protractorClock = {
  ...none,
  managementSystem: 'protractor' as const,
  enabled: true,
  enableClockIn: true,
};

const base = {
  cannotBeFinishedReason: null,
  signOffRequired: false,
  onSignOffPage: false,
  alreadyFinished: false,
  integration: none,
};

describe('planFinish', () => {
  it("refuses with the server's reason before anything else", () => {
    expect(
      planFinish({ ...base, cannotBeFinishedReason: 'Measurements are required', signOffRequired: true }),
    ).toEqual({
      kind: 'refused',
      reason: 'Measurements are required',
    });
  });

  it('sends to sign-off first when required, unless already on the sign-off page', () => {
    expect(planFinish({ ...base, signOffRequired: true })).toEqual({ kind: 'signOff' });
    expect(planFinish({ ...base, signOffRequired: true, onSignOffPage: true })).toEqual({ kind: 'finish' });
  });

  it('warns before finishing again an order whose PBS integration will not resend', () => {
    expect(planFinish({ ...base, alreadyFinished: true, integration: pbs })).toEqual({
      kind: 'confirmNoResend',
    });
    expect(planFinish({ ...base, alreadyFinished: true, integration: pbs, noResendConfirmed: true })).toEqual(
      { kind: 'finish' },
    );
    expect(planFinish({ ...base, alreadyFinished: false, integration: pbs })).toEqual({ kind: 'finish' });
    expect(planFinish({ ...base, alreadyFinished: true, integration: { ...pbs, enabled: false } })).toEqual({
      kind: 'finish',
    });
    expect(planFinish({ ...base, alreadyFinished: true, integration: protractorClock })).toEqual({
      kind: 'finish',
    });
  });

  it('finishes otherwise', () => {
    expect(planFinish(base)).toEqual({ kind: 'finish' });
  });
});

describe('integrations', () => {
  it('knows which integration will not resend and which clocks in', () => {
    expect(integrationWillNotResend(pbs)).toBe(true);
    expect(integrationWillNotResend(none)).toBe(false);
    expect(isClockInEnabled(protractorClock)).toBe(true);
    expect(isClockInEnabled({ ...protractorClock, enabled: false })).toBe(false);
    expect(isClockInEnabled({ ...protractorClock, managementSystem: 'vastenterprise' })).toBe(false);
  });

  it('requires sign-off in an audit store', () => {
    expect(isSignOffRequired({ auditStore: true })).toBe(true);
    expect(isSignOffRequired({ auditStore: false })).toBe(false);
  });
});

describe('afterFinishDestination', () => {
  it('goes to the work order page only from the order page of a clock-in store', () => {
    expect(afterFinishDestination({ integration: protractorClock, onOrderPage: true })).toBe('workOrder');
    expect(afterFinishDestination({ integration: protractorClock, onOrderPage: false })).toBe('dashboard');
    expect(afterFinishDestination({ integration: none, onOrderPage: true })).toBe('dashboard');
  });
});

describe('timeTrackerControls', () => {
  const tech = { role: 'Technician' as const, storeEnabled: true, isRunning: false, closed: false };
  it('offers start to a technician when enabled and not running, pause when running', () => {
    expect(timeTrackerControls(tech)).toEqual({ visible: true, canStart: true, canPause: false });
    expect(timeTrackerControls({ ...tech, isRunning: true })).toEqual({
      visible: true,
      canStart: false,
      canPause: true,
    });
  });

  it('shows nothing to other roles or when the store has it off, and no control on a closed order', () => {
    expect(timeTrackerControls({ ...tech, role: 'ServiceAdvisor' }).visible).toBe(false);
    expect(timeTrackerControls({ ...tech, storeEnabled: false }).visible).toBe(false);
    expect(timeTrackerControls({ ...tech, closed: true, isRunning: true })).toEqual({
      visible: true,
      canStart: false,
      canPause: false,
    });
  });
});

describe('assignmentOffer', () => {
  const me = {
    role: 'Technician' as const,
    userId: 'me',
    technicianId: null,
    technicianName: null,
    closed: false,
  };
  it('offers an unassigned order to the technician', () => {
    expect(assignmentOffer(me)).toEqual({ kind: 'offerSelf' });
  });

  it("names the technician holding someone else's order", () => {
    expect(assignmentOffer({ ...me, technicianId: 'other', technicianName: ' Tina Gagnon ' })).toEqual({
      kind: 'heldByOther',
      holderName: 'Tina Gagnon',
    });
  });

  it('offers nothing to the holder, to advisors, or on a closed order', () => {
    expect(assignmentOffer({ ...me, technicianId: 'me' })).toEqual({ kind: 'none' });
    expect(assignmentOffer({ ...me, role: 'ServiceAdvisor' })).toEqual({ kind: 'none' });
    expect(assignmentOffer({ ...me, closed: true })).toEqual({ kind: 'none' });
  });
});
