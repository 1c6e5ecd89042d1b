import { describe, expect, it } from 'vitest';
import { NEW_ORDER_STATES } from './states.js';
import type { OrderStates } from './repair-order.js';
import { countByStage, ORDER_STAGES, orderStage } from './stage.js';

const with_ = (patch: Partial<OrderStates>): OrderStates => ({ ...NEW_ORDER_STATES, ...patch });
const inspected = (patch: Partial<OrderStates> = {}) => with_({ inspection: 'done', ...patch });

describe('orderStage', () => {
  it('has the six columns of the board in order', () => {
    expect(ORDER_STAGES).toEqual([
      'inspecting',
      'estimating',
      'awaitingApproval',
      'awaitingParts',
      'working',
      'finished',
    ]);
  });

  it('puts every order whose inspection is not done under inspecting', () => {
    for (const inspection of ['notStarted', 'pending', 'inProgress'] as const) {
      expect(orderStage(with_({ inspection }))).toBe('inspecting');
    }
    // A reopened inspection with an estimate or parts already asked for is still being inspected.
    expect(orderStage(with_({ inspection: 'inProgress', estimate: 'pending', parts: 'pending' }))).toBe('inspecting');
  });

  it('lets started or finished work win over everything before it', () => {
    expect(orderStage(with_({ inspection: 'inProgress', work: 'inProgress' }))).toBe('working');
    expect(orderStage(inspected({ parts: 'pending', work: 'inProgress' }))).toBe('working');
    expect(orderStage(with_({ inspection: 'inProgress', work: 'done' }))).toBe('finished');
    expect(orderStage(inspected({ approval: 'pending', work: 'done' }))).toBe('finished');
  });

  it('puts an inspected order whose parts are still to come under awaiting parts, whatever its approval', () => {
    for (const parts of ['pending', 'inProgress', 'inProgressHaveOrdered', 'inProgressSomeParts'] as const) {
      expect(orderStage(inspected({ estimate: 'done', approval: 'done', parts }))).toBe('awaitingParts');
    }
    expect(orderStage(inspected({ approval: 'pending', parts: 'inProgressSomeParts' }))).toBe('awaitingParts');
  });

  it('waits for the customer while the approval is asked for or partly given', () => {
    expect(orderStage(inspected({ estimate: 'done', approval: 'pending' }))).toBe('awaitingApproval');
    expect(orderStage(inspected({ estimate: 'done', approval: 'inProgress' }))).toBe('awaitingApproval');
  });

  it('sends approved work, or work asked for, to working', () => {
    expect(orderStage(inspected({ estimate: 'done', approval: 'done' }))).toBe('working');
    expect(orderStage(inspected({ estimate: 'done', approval: 'done', parts: 'done', work: 'pending' }))).toBe('working');
    expect(orderStage(inspected({ work: 'pending' }))).toBe('working');
  });

  it('is estimating while the estimate is written, and awaits approval once it is ready', () => {
    expect(orderStage(inspected({ estimate: 'pending' }))).toBe('estimating');
    expect(orderStage(inspected({ estimate: 'inProgress' }))).toBe('estimating');
    expect(orderStage(inspected({ estimate: 'done' }))).toBe('awaitingApproval');
  });

  it('calls an inspected order with nothing else started estimating, and finished once its report went out', () => {
    expect(orderStage(inspected())).toBe('estimating');
    expect(orderStage(inspected({ report: 'pending' }))).toBe('estimating');
    expect(orderStage(inspected({ report: 'done' }))).toBe('finished');
    // A report sent while the estimate is being written does not skip the estimate.
    expect(orderStage(inspected({ report: 'done', estimate: 'inProgress' }))).toBe('estimating');
  });

  it('reads missing states as not started', () => {
    expect(orderStage({})).toBe('inspecting');
    expect(orderStage({ inspection: 'done' })).toBe('estimating');
    expect(orderStage({ inspection: 'done', approval: 'done' })).toBe('working');
  });
});

describe('countByStage', () => {
  it('counts every stage, at zero when none is there, grouped rows by their count', () => {
    expect(
      countByStage([
        { states: { inspection: 'inProgress' } },
        { states: { inspection: 'done', work: 'done' }, count: 3 },
        { states: { inspection: 'done', approval: 'pending' } },
      ]),
    ).toEqual({ inspecting: 1, estimating: 0, awaitingApproval: 1, awaitingParts: 0, working: 0, finished: 3 });
  });
});
