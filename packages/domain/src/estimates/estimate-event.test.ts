import { describe, expect, it } from 'vitest';
import { estimateUpdatedEvent, isEstimateBehind, type EstimateUpdatedEvent } from './estimate-event.js';
import type { Estimate } from './estimate.js';

const held = { version: 4, state: 'inProgress', status: 'IN_PROGRESS', delivery: 'NOT_SENT' } as const;
const event = (over: Partial<EstimateUpdatedEvent> = {}): EstimateUpdatedEvent => ({ inspectionOrderId: 'o', ...held, ...over });

describe('an estimate told changed', () => {
  it('is read again when newer than what the page holds', () => {
    expect(isEstimateBehind(event({ version: 5 }), held)).toBe(true);
  });

  it('is read again at the same version when its step, status or delivery moved', () => {
    expect(isEstimateBehind(event({ state: 'done' }), held)).toBe(true);
    expect(isEstimateBehind(event({ status: 'AUTHORIZED' }), held)).toBe(true);
    expect(isEstimateBehind(event({ delivery: 'DELIVERED' }), held)).toBe(true);
    expect(isEstimateBehind(event(), held)).toBe(false);
  });

  it('is not read again when the page holds newer (its own save answered first) or nothing yet', () => {
    expect(isEstimateBehind(event({ version: 3, state: 'done' }), held)).toBe(false);
    expect(isEstimateBehind(event({ version: 9 }), undefined)).toBe(false);
  });

  it('is told with what a page compares', () => {
    const estimate = { ...held, inspectionOrderId: 'o', _id: 'e', lines: [], taxes: [] } as unknown as Estimate;
    expect(estimateUpdatedEvent(estimate)).toEqual(event());
  });
});
