import { describe, expect, it } from 'vitest';
import { readReadingReport, reportStatusOf, withReadingReport } from './report-status.js';

const order = (
  report: { status: string | null; lastViewed: string | null },
  delivery = 'NOT_SENT',
  state = 'notStarted',
) => ({ _id: 'o1', report, estimate: { status: null, delivery }, states: { report: state } }) as never;

describe('reportStatusOf', () => {
  it('is nothing before sending, sent once delivered, then the reading status', () => {
    expect(reportStatusOf(order({ status: null, lastViewed: null }))).toBeNull();
    expect(reportStatusOf(order({ status: null, lastViewed: null }, 'DELIVERED'))).toBe('sent');
    expect(reportStatusOf(order({ status: null, lastViewed: null }, 'NOT_SENT', 'done'))).toBe('sent');
    expect(reportStatusOf(order({ status: 'reading', lastViewed: 'x' }, 'DELIVERED'))).toBe('reading');
    expect(reportStatusOf(order({ status: 'read', lastViewed: 'x' }, 'DELIVERED'))).toBe('read');
  });
});

describe('reading events', () => {
  it('reads the payload of consumerReadingReport and ignores anything else', () => {
    expect(
      readReadingReport({ inspectionOrderId: 'o1', status: 'reading', lastViewed: '2026-01-01T00:00:00Z' }),
    ).toEqual({
      inspectionOrderId: 'o1',
      status: 'reading',
      lastViewed: '2026-01-01T00:00:00Z',
    });
    expect(readReadingReport({ inspectionOrderId: 'o1', status: 'opened' })).toBeNull();
    expect(readReadingReport(null)).toBeNull();
  });
  it('changes only the order it names', () => {
    const o = order({ status: null, lastViewed: null }, 'DELIVERED') as {
      _id: string;
      report: { status: string | null; lastViewed: string | null };
    };
    const event = { inspectionOrderId: 'o1', status: 'read' as const, lastViewed: 'x' };
    expect(withReadingReport(o as never, event)).toMatchObject({
      report: { status: 'read', lastViewed: 'x' },
    });
    expect(withReadingReport(o as never, { ...event, inspectionOrderId: 'o2' })).toBe(o);
  });
});
