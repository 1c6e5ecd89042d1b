import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_FILTER_TABLE,
  NEW_ORDER_STATES,
  type DashboardListQuery,
  type RepairOrder,
  type ReportApprovedEvent,
} from '@servicebay/domain';
import { listKey, ordersKey } from './orders-api.js';
import { order } from './order-fixture.js';
import {
  applyReportApproved,
  approvalNoticeText,
  foldReportApproved,
  noticeOnce,
  readReportApproved,
  staleAfterApproval,
  withApproval,
} from './approval-live.js';
import type { CachedList } from './live-merge.js';

const awaiting = { ...NEW_ORDER_STATES, inspection: 'done', estimate: 'done', approval: 'pending' } as const;
const event = (over: Partial<ReportApprovedEvent> = {}): ReportApprovedEvent => ({
  inspectionOrderId: 'o2',
  orderNumber: '2',
  signerName: 'Jane Doe',
  approved: 2,
  declined: 1,
  approvedTotal: 12647,
  currency: 'CAD',
  approval: 'done',
  at: '2026-11-27T15:00:00.000Z',
  ...over,
});
const query = (over: Partial<DashboardListQuery> = {}): DashboardListQuery => ({
  page: 0,
  size: 10,
  sorting: 'orderNumber,desc',
  closed: false,
  ...DASHBOARD_FILTER_TABLE.allVehicles,
  ...over,
});
const page = (...orders: RepairOrder[]) => ({ orders, total: orders.length });
const list = (q: DashboardListQuery, p: ReturnType<typeof page> | undefined): CachedList => [
  listKey('s1', q),
  p,
];

describe('reading the event', () => {
  it('takes a whole payload and refuses anything else', () => {
    expect(readReportApproved(event())).toEqual(event());
    expect(readReportApproved({ ...event(), approved: -1 })).toBeNull();
    expect(readReportApproved({ ...event(), approval: 'maybe' })).toBeNull();
    expect(readReportApproved({ inspectionOrderId: 'o2' })).toBeNull();
    expect(readReportApproved(null)).toBeNull();
    expect(readReportApproved('approved')).toBeNull();
  });
});

describe('the live merge of an approval', () => {
  const first = order('o3', { states: awaiting });
  const approvedOne = order('o2', { states: awaiting });
  const last = order('o1', { states: awaiting });

  it('moves the approval step of the order it names, and of no other', () => {
    const moved = withApproval(approvedOne, event());
    expect(moved.states).toEqual({ ...awaiting, approval: 'done' });
    expect(withApproval(first, event())).toBe(first);
    // Nothing to move: the same object (a repeated event changes nothing).
    expect(withApproval(moved, event())).toBe(moved);
    expect(withApproval(approvedOne, event({ approval: null }))).toBe(approvedOne);
  });

  it('updates the order in place on the list of all vehicles and takes it off awaiting approval', () => {
    const all = list(query(), page(first, approvedOne, last));
    const waiting = list(query(DASHBOARD_FILTER_TABLE.awaitingApproval), page(first, approvedOne, last));
    const updates = foldReportApproved([all, waiting], event());
    expect(updates).toHaveLength(2);
    const [allNext, waitingNext] = updates.map(([, p]) => p);
    expect(allNext!.orders.map((o) => [o._id, o.states.approval])).toEqual([
      ['o3', 'pending'],
      ['o2', 'done'],
      ['o1', 'pending'],
    ]);
    expect(allNext!.total).toBe(3);
    expect(waitingNext!.orders.map((o) => o._id)).toEqual(['o3', 'o1']);
    expect(waitingNext!.total).toBe(2);
  });

  it('keeps a partly approved order on awaiting approval, in progress', () => {
    const waiting = list(query(DASHBOARD_FILTER_TABLE.awaitingApproval), page(first, approvedOne));
    const [[, next]] = foldReportApproved([waiting], event({ approval: 'inProgress' })) as [
      [unknown, ReturnType<typeof page>],
    ];
    expect(next.orders.map((o) => [o._id, o.states.approval])).toEqual([
      ['o3', 'pending'],
      ['o2', 'inProgress'],
    ]);
    expect(next.total).toBe(2);
  });

  it('changes a searched list in place, and leaves alone lists without the order, not loaded, or already up to date', () => {
    const searched = list(query({ search: 'doe' }), page(approvedOne));
    const [[, next]] = foldReportApproved([searched], event()) as [[unknown, ReturnType<typeof page>]];
    expect(next.orders[0]!.states.approval).toBe('done');
    expect(
      foldReportApproved(
        [
          list(query(), page(first, last)),
          list(query({ page: 1 }), undefined),
          list(query(), page(withApproval(approvedOne, event()))),
        ],
        event(),
      ),
    ).toEqual([]);
  });

  it('writes the lists and the open order of the store into the query cache', () => {
    const client = new QueryClient();
    client.setQueryData(listKey('s1', query()), page(first, approvedOne));
    client.setQueryData([...ordersKey('s1'), 'order', 'o2'], approvedOne);
    client.setQueryData([...ordersKey('s1'), 'order', 'o3'], first);
    applyReportApproved(client, 's1', event());
    const cached = client.getQueryData<{ orders: RepairOrder[] }>(listKey('s1', query()));
    expect(cached!.orders[1]!.states.approval).toBe('done');
    expect(client.getQueryData<RepairOrder>([...ordersKey('s1'), 'order', 'o2'])!.states.approval).toBe(
      'done',
    );
    expect(client.getQueryData([...ordersKey('s1'), 'order', 'o3'])).toBe(first);
  });
});

describe('the caches an approval makes stale', () => {
  it("are the order's results, estimate and approval trail, with the keys their screens use", async () => {
    const { resultsQueryKey } = await import('../repair-orders/inspection-api.js');
    const { estimateQueryKey } = await import('../estimates/estimate-api.js');
    const { approvalTrailQuery } = await import('../customer-report/customer-report-api.js');
    expect(staleAfterApproval('s1', 'o2')).toEqual([
      resultsQueryKey('s1', 'o2'),
      estimateQueryKey('s1', 'o2'),
      approvalTrailQuery(null as never, 's1', 'o2').queryKey,
    ]);
  });
});

describe("the notice's words", () => {
  it('says who approved how many and the approved total, in the language of the user', () => {
    expect(approvalNoticeText(event(), 'en')).toEqual({
      key: 'approvedDeclined',
      values: { name: 'Jane Doe', count: 2, declined: 1 },
      total: '$126.47',
    });
    const fr = approvalNoticeText(event({ declined: 0 }), 'fr');
    expect(fr.key).toBe('approved');
    // French separators: a comma for decimals, the sign after a (narrow) no-break space.
    expect(fr.total).toMatch(/^126,47\s\$$/u);
    expect(approvalNoticeText(event({ currency: 'USD' }), 'en').total).toBe('$126.47');
  });

  it('counts the declined items when nothing was approved, without a total', () => {
    expect(approvalNoticeText(event({ approved: 0, declined: 3, approvedTotal: 0 }), 'en')).toEqual({
      key: 'declined',
      values: { name: 'Jane Doe', count: 3, declined: 3 },
      total: null,
    });
  });

  it('leaves the total out when there is no priced estimate', () => {
    expect(approvalNoticeText(event({ approvedTotal: null, currency: null }), 'en').total).toBeNull();
  });

  it('tells one signing once, however often it is delivered', () => {
    const a = noticeOnce([], event());
    expect(a.show).toBe(true);
    const again = noticeOnce(a.seen, event());
    expect(again.show).toBe(false);
    expect(noticeOnce(a.seen, event({ at: '2026-11-27T15:05:00.000Z' })).show).toBe(true);
    expect(noticeOnce(['x', 'y', 'z'], event(), 2).seen).toEqual(['z', 'o2@2026-11-27T15:00:00.000Z']);
  });
});
