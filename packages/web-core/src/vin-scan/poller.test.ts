import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { fetchScannedVin, pollForScannedVin, VinPollRejectedError } from './poller.js';

const VIN = '1HGCM82633A004352';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A poll answering from a script: null (nothing yet), a VIN, or an error to throw. */
function scripted(answers: Array<string | null | Error>) {
  const times: number[] = [];
  const start = Date.now();
  const poll = vi.fn(async () => {
    times.push(Date.now() - start);
    const next = answers.shift() ?? null;
    if (next instanceof Error) throw next;
    return next;
  });
  return { poll, times };
}

describe('pollForScannedVin: every 3000 ms, up to 5 polls', () => {
  it('resolves at once when the first poll has the VIN', async () => {
    const { poll } = scripted([VIN]);
    await expect(pollForScannedVin({ poll })).resolves.toBe(VIN);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('polls again every 3000 ms until the VIN arrives', async () => {
    const { poll, times } = scripted([null, null, VIN]);
    const result = pollForScannedVin({ poll });
    await vi.advanceTimersByTimeAsync(2999);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe(VIN);
    expect(times).toEqual([0, 3000, 6000]);
  });

  it('rejects after the fifth failed poll, and polls no more', async () => {
    const { poll, times } = scripted([]);
    const attempts: number[] = [];
    const result = pollForScannedVin({ poll, onAttempt: (n) => attempts.push(n) });
    const outcome = expect(result).rejects.toBeInstanceOf(VinPollRejectedError);
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
    expect(times).toEqual([0, 3000, 6000, 9000, 12000]);
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts a failing request as a failed poll and keeps it for the rejection', async () => {
    const offline = new ApiError(0, 'NO_CONNECTION', 'No internet connection');
    const { poll } = scripted([offline, null, null, null, null]);
    const result = pollForScannedVin({ poll }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(12_000);
    const error = (await result) as VinPollRejectedError;
    expect(error).toBeInstanceOf(VinPollRejectedError);
    expect(error.attempts).toBe(5);
    expect(error.lastError).toBe(offline);
  });

  it('recovers after a failing request', async () => {
    const { poll } = scripted([new Error('boom'), VIN]);
    const result = pollForScannedVin({ poll });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe(VIN);
  });

  it('honours other pacing', async () => {
    const { poll, times } = scripted([]);
    const result = pollForScannedVin({ poll, intervalMs: 5000, maxPolls: 3 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await result).toBeInstanceOf(VinPollRejectedError);
    expect(times).toEqual([0, 5000, 10000]);
  });

  it('stops when aborted: rejects with the reason and starts no further poll', async () => {
    const { poll } = scripted([]);
    const controller = new AbortController();
    const result = pollForScannedVin({ poll, signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort(new Error('left the page'));
    expect(((await result) as Error).message).toBe('left the page');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('aborts the poll in flight', async () => {
    let seen: AbortSignal | null = null;
    const controller = new AbortController();
    const result = pollForScannedVin({
      poll: (signal) => {
        seen = signal;
        return new Promise(() => {});
      },
      signal: controller.signal,
    }).catch((e: unknown) => e);
    controller.abort();
    await result;
    expect(seen!.aborted).toBe(true);
  });

  it('does not start when already aborted', async () => {
    const { poll } = scripted([VIN]);
    await expect(pollForScannedVin({ poll, signal: AbortSignal.abort() })).rejects.toBeDefined();
    expect(poll).not.toHaveBeenCalled();
  });
});

describe('fetchScannedVin', () => {
  const api = (answer: () => Promise<{ vin: string }>) => ({ call: vi.fn(answer) }) as unknown as Parameters<typeof fetchScannedVin>[0];

  it('gives the VIN', async () => {
    await expect(fetchScannedVin(api(async () => ({ vin: VIN })), { userId: 'u', from: 'dashboard' })).resolves.toBe(VIN);
  });

  it('reads 404 as nothing scanned yet', async () => {
    const notYet = api(async () => {
      throw new ApiError(404, 'NOT_FOUND', 'No VIN scanned yet');
    });
    await expect(fetchScannedVin(notYet, { userId: 'u', from: 'vehicleDetails' })).resolves.toBeNull();
  });

  it('passes other failures on', async () => {
    const broken = api(async () => {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    });
    await expect(fetchScannedVin(broken, { userId: 'u', from: 'dashboard' })).rejects.toMatchObject({ status: 503 });
  });
});
