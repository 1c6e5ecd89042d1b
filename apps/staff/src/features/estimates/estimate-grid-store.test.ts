import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineAmounts, type Estimate, type EstimateLine, type UpdateEstimateLineRequest } from '@servicebay/domain';
import { EstimateGridStore } from './estimate-grid-store.js';
import type { LineDraft } from './estimate-lines.js';

const RATE = 100_00;

function line(id: string, over: Partial<EstimateLine> = {}): EstimateLine {
  const base = { description: `Line ${id}`, labourHours: 0, parts: [], fees: [], ...over };
  return {
    _id: id,
    resultId: `r-${id}`,
    rank: 0,
    decision: null,
    severity: 'warning',
    amounts: lineAmounts(base, RATE),
    ...base,
    ...over,
  } as EstimateLine;
}

function estimate(version: number, lines: EstimateLine[]): Estimate {
  return {
    _id: 'e1',
    inspectionOrderId: 'o1',
    version,
    status: 'IN_PROGRESS',
    delivery: 'NOT_SENT',
    state: 'inProgress',
    currency: 'USD',
    labourRate: RATE,
    lines,
    taxes: [{ name: 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true, amount: 0 }],
    totals: { labour: 0, parts: 0, fees: 0, subtotal: 0, tax: 0, total: 0, approvedTotal: 0 },
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A save the test answers when it wants. */
interface Call {
  lineId: string;
  body: UpdateEstimateLineRequest;
  resolve: (e: Estimate) => void;
  reject: (error: unknown) => void;
}

let calls: Call[];
const save = (lineId: string, body: UpdateEstimateLineRequest) =>
  new Promise<Estimate>((resolve, reject) => calls.push({ lineId, body, resolve, reject }));

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
});
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(0);
const hours = (h: string) => (d: LineDraft): LineDraft => ({ ...d, labourHours: h });

describe('the estimate grid store', () => {
  it('saves a line ~600 ms after its last change, once, with the newest draft', async () => {
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b')]), { save });
    store.edit('a', hours('1'));
    await vi.advanceTimersByTimeAsync(400);
    store.edit('a', hours('1.5'));
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toHaveLength(0);
    expect(store.getLine('a')!.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.map((c) => [c.lineId, c.body.labourHours])).toEqual([['a', 1.5]]);
    expect(store.getLine('a')!.state).toBe('saving');
    calls[0]!.resolve(estimate(2, [line('a', { labourHours: 1.5 }), line('b')]));
    await settle();
    expect(store.getLine('a')!.state).toBe('saved');
    expect(store.current().version).toBe(2);
  });

  it('saves at once when a field is left, and not at all when nothing changed', async () => {
    const store = new EstimateGridStore(estimate(1, [line('a')]), { save });
    store.touch('a', 'description');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    store.edit('a', (d) => ({ ...d, description: 'Front brake pads ' }));
    store.touch('a', 'description');
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.description).toBe('Front brake pads');
    // Typed back to what the server has: nothing to send, and saved.
    calls[0]!.resolve(estimate(2, [line('a', { description: 'Front brake pads' })]));
    await settle();
    store.edit('a', (d) => ({ ...d, description: 'Front brake pads' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(store.getLine('a')!.state).toBe('saved');
  });

  it('sends one save per line at a time: a change made meanwhile goes when the answer is back', async () => {
    const store = new EstimateGridStore(estimate(1, [line('a')]), { save });
    store.edit('a', hours('1'), { now: true });
    await settle();
    store.edit('a', hours('2'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(store.getLine('a')!.state).toBe('saving');
    // The first answer comes back; the draft (2 h) is kept and sent next.
    calls[0]!.resolve(estimate(2, [line('a', { labourHours: 1 })]));
    await settle();
    expect(store.getLine('a')!.draft.labourHours).toBe('2');
    expect(calls.map((c) => c.body.labourHours)).toEqual([1, 2]);
    calls[1]!.resolve(estimate(3, [line('a', { labourHours: 2 })]));
    await settle();
    expect(store.getLine('a')!.state).toBe('saved');
  });

  it('applies answers only if newer: a late answer never undoes a later one', async () => {
    const applied: number[] = [];
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b')]), { save, onApplied: (e) => applied.push(e.version) });
    store.edit('a', hours('1'), { now: true });
    store.edit('b', hours('2'), { now: true });
    await settle();
    expect(calls.map((c) => c.lineId)).toEqual(['a', 'b']);
    // The server took a (version 2) then b (version 3); b's answer arrives first.
    calls[1]!.resolve(estimate(3, [line('a', { labourHours: 1 }), line('b', { labourHours: 2 })]));
    await settle();
    calls[0]!.resolve(estimate(2, [line('a', { labourHours: 1 }), line('b')]));
    await settle();
    expect(applied).toEqual([3]);
    expect(store.current().version).toBe(3);
    expect(store.getLine('b')!.line.labourHours).toBe(2);
    expect(store.getLine('a')!.state).toBe('saved');
    expect(store.getLine('b')!.state).toBe('saved');
    expect(store.applyEstimate(estimate(2, []))).toBe(false);
  });

  it("keeps what the advisor is typing when another line's answer arrives, and takes the server's copy of lines at rest", async () => {
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b'), line('c')]), { save });
    store.edit('a', hours('1'), { now: true });
    await settle();
    store.edit('b', (d) => ({ ...d, description: 'Wipers, both' }));
    calls[0]!.resolve(estimate(2, [line('a', { labourHours: 1 }), line('b'), line('c', { description: 'Changed elsewhere' })]));
    await settle();
    expect(store.getLine('b')!.draft.description).toBe('Wipers, both');
    expect(store.getLine('b')!.state).toBe('unsaved');
    expect(store.getLine('c')!.draft.description).toBe('Changed elsewhere');
  });

  it('does not send a line with problems; it blocks marking ready, with every other unsaved line', async () => {
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b'), line('c', { severity: 'okay' })]), { save });
    store.edit('a', (d) => ({ ...d, description: '  ' }));
    store.edit('b', hours('3'));
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getLine('a')!.state).toBe('invalid');
    expect(store.getSummary().blockers).toEqual([
      { id: 'a', n: 1, state: 'invalid' },
      { id: 'b', n: 2, state: 'unsaved' },
      { id: 'c', n: 3, state: 'stale' },
    ]);
    store.touch('a', 'description');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.lineId)).toEqual(['b']);
    expect(store.getLine('a')!.touched.has('description')).toBe(true);
    // Fixed: it goes.
    store.edit('a', (d) => ({ ...d, description: 'Diagnostic' }));
    await vi.advanceTimersByTimeAsync(600);
    expect(calls.map((c) => c.lineId)).toEqual(['b', 'a']);
  });

  it('shows a refused save as failed until retried or changed again', async () => {
    const failed: string[] = [];
    const store = new EstimateGridStore(estimate(1, [line('a')]), { save, onSaveFailed: (id) => failed.push(id) });
    store.edit('a', hours('1'), { now: true });
    await settle();
    calls[0]!.reject(new Error('offline'));
    await settle();
    expect(store.getLine('a')!.state).toBe('failed');
    expect(store.getLine('a')!.error).toBeInstanceOf(Error);
    expect(failed).toEqual(['a']);
    expect(store.getSummary().blockers).toEqual([{ id: 'a', n: 1, state: 'failed' }]);
    store.retry('a');
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(estimate(2, [line('a', { labourHours: 1 })]));
    await settle();
    expect(store.getLine('a')!.state).toBe('saved');
    expect(store.getSummary().blockers).toEqual([]);
  });

  it('totals what is on screen: every draft, saved or not, with the taxes', () => {
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b')]), { save });
    store.edit('a', hours('1.5'));
    store.edit('b', (d) => ({ ...d, parts: [{ number: '', description: 'Pads', quantity: '2', unitPrice: '45.99' }], fees: [{ description: 'Disposal', amount: '5' }] }));
    const { totals, taxes } = store.getSummary().totals;
    expect(totals).toMatchObject({ labour: 150_00, parts: 91_98, fees: 5_00, subtotal: 246_98 });
    expect(taxes[0]!.amount).toBe(Math.round(246_98 * 0.05));
    expect(totals.total).toBe(246_98 + taxes[0]!.amount);
  });

  it('forgets a line removed by an answer (its pending save is dropped), and numbers the rest again', async () => {
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b')]), { save });
    store.edit('a', hours('4'));
    expect(store.getLine('b')!.n).toBe(2);
    store.applyEstimate(estimate(2, [line('b')]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    expect(store.getLine('a')).toBeNull();
    expect(store.getIds()).toEqual(['b']);
    expect(store.getLine('b')!.n).toBe(1);
  });

  it('tells only the changed line, and keeps the other lines\' snapshots', () => {
    const store = new EstimateGridStore(estimate(1, [line('a'), line('b')]), { save });
    const a = vi.fn();
    const b = vi.fn();
    store.subscribeLine('a', a);
    store.subscribeLine('b', b);
    const before = store.getLine('b');
    store.edit('a', hours('1'));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(store.getLine('b')).toBe(before);
  });
});
