import { describe, expect, it } from 'vitest';
import {
  NEW_ORDER_STATES,
  closeOrder,
  displayStepState,
  finishOrder,
  isAppointment,
  isInspectionFinished,
  meetingStepState,
  pauseTimeTracker,
  reopenOrder,
  scheduledAfter,
  setStepState,
  startStep,
  startTimeTracker,
  startWork,
  type OrderStateView,
} from './states.js';
import { ZOrderStateRequest, compareOrderNumberKeys, orderNumberSortKey } from './repair-order.js';

const order = (over: Partial<OrderStateView> = {}): OrderStateView => ({
  states: NEW_ORDER_STATES,
  closed: false,
  finished: false,
  vehicleInShop: true,
  scheduled: null,
  activities: [],
  ...over,
});

describe('step states', () => {
  it('shows the two extra parts states as inProgress', () => {
    expect(displayStepState('inProgressHaveOrdered')).toBe('inProgress');
    expect(displayStepState('inProgressSomeParts')).toBe('inProgress');
    expect(displayStepState('pending')).toBe('pending');
    expect(displayStepState('done')).toBe('done');
  });

  it('starts a step only from notStarted or pending', () => {
    expect(startStep('notStarted')).toBe('inProgress');
    expect(startStep('pending')).toBe('inProgress');
    expect(startStep('inProgress')).toBe('inProgress');
    expect(startStep('done')).toBe('done');
    expect(startStep('inProgressSomeParts')).toBe('inProgressSomeParts');
  });

  it('work starting moves the inspection to inProgress and leaves a done one alone', () => {
    expect(startWork(NEW_ORDER_STATES).inspection).toBe('inProgress');
    expect(startWork({ ...NEW_ORDER_STATES, inspection: 'pending' }).inspection).toBe('inProgress');
    const done = { ...NEW_ORDER_STATES, inspection: 'done' as const };
    expect(startWork(done)).toBe(done);
  });

  it('the state route takes the parts-only values for parts alone', () => {
    expect(ZOrderStateRequest.safeParse({ state: 'parts', value: 'inProgressHaveOrdered' }).success).toBe(true);
    expect(ZOrderStateRequest.safeParse({ state: 'work', value: 'inProgressHaveOrdered' }).success).toBe(false);
    expect(ZOrderStateRequest.safeParse({ state: 'work', value: 'done' }).success).toBe(true);
    expect(ZOrderStateRequest.safeParse({ state: 'meeting', value: 'done' }).success).toBe(false);
    expect(setStepState(order(), 'work', 'inProgressSomeParts')).toMatchObject({ ok: false, status: 400 });
    expect(setStepState(order(), 'estimate', 'pending')).toMatchObject({ ok: true, value: { estimate: 'pending' } });
    expect(setStepState(order({ closed: true }), 'estimate', 'pending')).toMatchObject({ ok: false, code: 'ORDER_CLOSED' });
  });
});

describe('inspection finished rule', () => {
  it('is the inspection done or an inspectionFinished activity', () => {
    expect(isInspectionFinished(order())).toBe(false);
    expect(isInspectionFinished(order({ states: { ...NEW_ORDER_STATES, inspection: 'done' } }))).toBe(true);
    expect(isInspectionFinished(order({ activities: [{ type: 'inspectionFinished' }] }))).toBe(true);
    expect(isInspectionFinished(order({ activities: [{ type: 'created' }] }))).toBe(false);
  });
});

describe('meeting status', () => {
  it('maps initiated to inProgress, finished to done, anything else to pending', () => {
    expect(meetingStepState('initiated')).toBe('inProgress');
    expect(meetingStepState('finished')).toBe('done');
    expect(meetingStepState(null)).toBe('pending');
    expect(meetingStepState(undefined)).toBe('pending');
    expect(meetingStepState('whatever')).toBe('pending');
  });
});

describe('appointments and scheduled', () => {
  const now = new Date('2026-03-04T10:00:00.000Z');

  it('a vehicle not in the shop is an appointment', () => {
    expect(isAppointment(order({ vehicleInShop: false }))).toBe(true);
    expect(isAppointment(order())).toBe(false);
  });

  it('taking a vehicle out of the shop without a scheduled time schedules it now', () => {
    expect(scheduledAfter(order(), { vehicleInShop: false }, now)).toBe(now.toISOString());
  });

  it('keeps an existing or a sent scheduled time', () => {
    expect(scheduledAfter(order({ scheduled: '2026-03-05T09:00:00.000Z' }), { vehicleInShop: false }, now)).toBe('2026-03-05T09:00:00.000Z');
    expect(scheduledAfter(order(), { vehicleInShop: false, scheduled: '2026-03-06T09:00:00.000Z' }, now)).toBe('2026-03-06T09:00:00.000Z');
  });

  it('does nothing when the vehicle stays in, comes in, or was already out', () => {
    expect(scheduledAfter(order(), {}, now)).toBeNull();
    expect(scheduledAfter(order({ vehicleInShop: false }), { vehicleInShop: true }, now)).toBeNull();
    expect(scheduledAfter(order({ vehicleInShop: false }), { vehicleInShop: false }, now)).toBeNull();
  });
});

describe('finish, reopen, close', () => {
  it('finishing sets the inspection done and finished', () => {
    expect(finishOrder(order(), null)).toEqual({
      ok: true,
      value: { states: { ...NEW_ORDER_STATES, inspection: 'done' }, finished: true },
    });
  });

  it("finishing is refused with the finish checks' reason", () => {
    expect(finishOrder(order(), 'Measurements are required')).toMatchObject({
      ok: false,
      status: 409,
      code: 'ORDER_CANNOT_BE_FINISHED',
      message: 'Measurements are required',
    });
  });

  it('reopening only when done: inProgress, finished false', () => {
    const done = order({ states: { ...NEW_ORDER_STATES, inspection: 'done' }, finished: true });
    expect(reopenOrder(done)).toEqual({
      ok: true,
      value: { states: { ...NEW_ORDER_STATES, inspection: 'inProgress' }, finished: false },
    });
    for (const inspection of ['notStarted', 'pending', 'inProgress'] as const) {
      expect(reopenOrder(order({ states: { ...NEW_ORDER_STATES, inspection } }))).toMatchObject({
        ok: false,
        status: 409,
        code: 'ORDER_NOT_FINISHED',
      });
    }
  });

  it('a closed order refuses every transition', () => {
    const closed = order({ closed: true, states: { ...NEW_ORDER_STATES, inspection: 'done' }, finished: true });
    for (const result of [
      finishOrder(closed, null),
      reopenOrder(closed),
      closeOrder(closed),
      startTimeTracker({ ...closed, timeTrackerRunning: false }),
      pauseTimeTracker({ ...closed, timeTrackerRunning: true }),
    ]) {
      expect(result).toMatchObject({ ok: false, status: 409, code: 'ORDER_CLOSED' });
    }
    expect(closeOrder(order())).toEqual({ ok: true, value: { closed: true } });
  });
});

describe('time tracker', () => {
  it('starts only when not running, and starts the work', () => {
    expect(startTimeTracker({ ...order(), timeTrackerRunning: false })).toMatchObject({
      ok: true,
      value: { states: { inspection: 'inProgress' } },
    });
    expect(startTimeTracker({ ...order(), timeTrackerRunning: true })).toMatchObject({ ok: false, code: 'TIME_TRACKER_RUNNING' });
  });

  it('pauses only when running', () => {
    expect(pauseTimeTracker({ ...order(), timeTrackerRunning: true })).toEqual({ ok: true, value: true });
    expect(pauseTimeTracker({ ...order(), timeTrackerRunning: false })).toMatchObject({ ok: false, code: 'TIME_TRACKER_NOT_RUNNING' });
  });
});

describe('order number sort key', () => {
  it('is null without a number', () => {
    expect(orderNumberSortKey(null)).toBeNull();
    expect(orderNumberSortKey('   ')).toBeNull();
  });

  it('compares numbers as numbers, inside text too', () => {
    const sorted = ['1200', 'RO-100', '950', 'ro-99', '0007', 'A2', 'A10', '10'].sort(compareOrderNumberKeys);
    expect(sorted).toEqual(['0007', '10', '950', '1200', 'A2', 'A10', 'ro-99', 'RO-100']);
  });

  it('ignores leading zeros and case', () => {
    expect(orderNumberSortKey('007')).toBe(orderNumberSortKey('7'));
    expect(orderNumberSortKey('RO-5')).toBe(orderNumberSortKey('ro-05'));
  });
});
