import { describe, expect, it } from 'vitest';
import { countByStage, ORDER_STAGES, orderStage, type OrderStageView } from './order-stage.js';

const order = (states: Partial<OrderStageView['states']>, finished = false): OrderStageView => ({
  states: { inspection: 'notStarted', estimate: 'notStarted', approval: 'notStarted', parts: 'notStarted', work: 'notStarted', ...states },
  finished,
});

describe('orderStage', () => {
  it('names six stages in the order of the work', () => {
    expect(ORDER_STAGES).toEqual(['inspecting', 'estimating', 'awaitingApproval', 'awaitingParts', 'working', 'finished']);
  });

  it('is inspecting until the inspection is done, whatever waits further on', () => {
    for (const inspection of ['notStarted', 'pending', 'inProgress'] as const) {
      expect(orderStage(order({ inspection }))).toBe('inspecting');
      // An estimate or parts step merely waiting to start does not move the order on.
      expect(orderStage(order({ inspection, estimate: 'pending', parts: 'pending' }))).toBe('inspecting');
    }
  });

  it('is estimating once the inspection is finished, or while the estimate is priced', () => {
    expect(orderStage(order({ inspection: 'done' }))).toBe('estimating');
    expect(orderStage(order({ inspection: 'done', estimate: 'pending' }))).toBe('estimating');
    expect(orderStage(order({ inspection: 'done', estimate: 'inProgress' }))).toBe('estimating');
    // The advisor pricing while the technician still inspects.
    expect(orderStage(order({ inspection: 'inProgress', estimate: 'inProgress' }))).toBe('estimating');
    // A finished flag counts as an inspection done (an inspectionFinished activity, a reopened order's past).
    expect(orderStage(order({ inspection: 'inProgress' }, true))).toBe('estimating');
  });

  it('is awaiting approval once the estimate is ready, and while the customer decides', () => {
    expect(orderStage(order({ inspection: 'done', estimate: 'done' }))).toBe('awaitingApproval');
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'pending' }))).toBe('awaitingApproval');
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'inProgress' }))).toBe('awaitingApproval');
  });

  it('is awaiting parts while parts are on order, or approved work still needs them ordered', () => {
    for (const parts of ['inProgress', 'inProgressHaveOrdered', 'inProgressSomeParts'] as const) {
      expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'done', parts }))).toBe('awaitingParts');
    }
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'done', parts: 'pending' }))).toBe('awaitingParts');
    // Parts already on order before the customer's final word.
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'inProgress', parts: 'inProgressHaveOrdered' }))).toBe(
      'awaitingParts',
    );
  });

  it('is working while the work is in progress, or approved work needs no part', () => {
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'done', parts: 'done', work: 'inProgress' }))).toBe('working');
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'done', work: 'pending' }))).toBe('working');
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'done', parts: 'done' }))).toBe('working');
    // Work started while a part is still on order: the car is being worked on.
    expect(orderStage(order({ inspection: 'done', approval: 'done', parts: 'inProgressSomeParts', work: 'inProgress' }))).toBe('working');
  });

  it('is finished once the work is done, whatever the report says', () => {
    expect(orderStage(order({ inspection: 'done', estimate: 'done', approval: 'done', parts: 'done', work: 'done' }))).toBe('finished');
    expect(orderStage({ states: { inspection: 'done', estimate: 'done', approval: 'done', parts: 'done', work: 'done' } })).toBe('finished');
  });
});

describe('countByStage', () => {
  it('counts every stage, at zero when none is there, and reads grouped counts', () => {
    expect(countByStage([])).toEqual({ inspecting: 0, estimating: 0, awaitingApproval: 0, awaitingParts: 0, working: 0, finished: 0 });
    expect(
      countByStage([
        { ...order({}), count: 3 },
        order({ inspection: 'done' }),
        { ...order({ inspection: 'done', estimate: 'inProgress' }), count: 2 },
        order({ work: 'done' }),
      ]),
    ).toEqual({ inspecting: 3, estimating: 3, awaitingApproval: 0, awaitingParts: 0, working: 0, finished: 1 });
  });
});
