import { describe, expect, it } from 'vitest';
import { ApiError } from '@servicebay/web-core';
import { chosenItems, isUnavailable, reportErrorKey, signedSummary } from './report-page.js';

describe('report page helpers', () => {
  it('explain the refusals the customer can act on, and the rest generically', () => {
    expect(reportErrorKey(new ApiError(409, 'ITEM_ALREADY_DECIDED', 'x'))).toBe(
      'errors.ITEM_ALREADY_DECIDED',
    );
    expect(reportErrorKey(new ApiError(409, 'ORDER_CLOSED', 'x'))).toBe('errors.ORDER_CLOSED');
    expect(reportErrorKey(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe('errors.generic');
    expect(reportErrorKey(new Error('offline'))).toBe('errors.generic');
  });

  it('show the not-found page for a missing or revoked link', () => {
    expect(isUnavailable(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isUnavailable(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(false);
  });

  it('split the choices in page order', () => {
    const item = (resultId: string) => ({ resultId }) as never;
    const report = { groups: [{ sections: [{ items: [item('a'), item('b'), item('c')] }] }] } as never;
    const { approving, declining } = chosenItems(
      report,
      new Map([
        ['c', 'approved'],
        ['a', 'approved'],
        ['b', 'declined'],
      ]),
    );
    expect(approving.map((i: { resultId: string }) => i.resultId)).toEqual(['a', 'c']);
    expect(declining.map((i: { resultId: string }) => i.resultId)).toEqual(['b']);
  });

  it('sum up a signed approval: what was approved and declined, and the total approved with taxes', () => {
    const amounts = (subtotal: number) => ({ labour: subtotal, parts: 0, fees: 0, subtotal });
    const item = (resultId: string, decision: 'approved' | 'declined' | null, subtotal: number) => ({
      resultId,
      decision,
      lines: [{ amounts: amounts(subtotal) }],
    });
    const view = {
      groups: [{ sections: [{ items: [item('a', 'approved', 10000), item('b', 'declined', 5000), item('c', null, 700)] }] }],
      estimate: {
        otherLines: [],
        taxes: [{ name: 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true, amount: 0 }],
      },
    } as never;
    const summary = signedSummary(
      view,
      new Map([
        ['b', 'declined'],
        ['a', 'approved'],
      ]),
    );
    expect(summary.approved.map((i) => i.resultId)).toEqual(['a']);
    expect(summary.declined.map((i) => i.resultId)).toEqual(['b']);
    expect(summary.approvedTotal).toBe(10500);
  });
});
