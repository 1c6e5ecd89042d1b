import { describe, expect, it } from 'vitest';
import { createLoad, createStore, type Load } from './load-state.js';
import { createRequestProgress } from './http/progress.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createStore', () => {
  it('tells subscribers of changes only, until they unsubscribe', () => {
    const store = createStore(1);
    const seen: number[] = [];
    const off = store.subscribe((v) => seen.push(v));
    store.set(1);
    store.set(2);
    off();
    store.set(3);
    expect(seen).toEqual([2]);
    expect(store.get()).toBe(3);
  });
});

describe('createLoad', () => {
  it('goes NOT_LOADED, PENDING, FULFILLED', async () => {
    const load = createLoad<string>();
    const states: Load<string>[] = [];
    load.subscribe((s) => states.push(s));
    expect(load.get()).toEqual({ status: 'NOT_LOADED' });
    await expect(load.run(async () => 'data')).resolves.toBe('data');
    expect(states).toEqual([{ status: 'PENDING' }, { status: 'FULFILLED', data: 'data' }]);
  });

  it('goes REJECTED with the error, keeping the last data on screen', async () => {
    const load = createLoad<string>();
    await load.run(async () => 'old');
    const failure = new Error('nope');
    await expect(load.run(async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(load.get()).toEqual({ status: 'REJECTED', error: failure, data: 'old' });
    load.reset();
    expect(load.get()).toEqual({ status: 'NOT_LOADED' });
  });

  it('aborts a superseded load and ignores its late answer', async () => {
    const load = createLoad<string>();
    const first = deferred<string>();
    let firstSignal: AbortSignal | undefined;
    const firstRun = load.run((signal) => {
      firstSignal = signal;
      return first.promise;
    });
    await load.run(async () => 'second');
    expect(firstSignal?.aborted).toBe(true);
    first.resolve('first, late');
    await firstRun;
    expect(load.get()).toEqual({ status: 'FULFILLED', data: 'second' });
  });
});

describe('request progress', () => {
  it('stays at 50 while any request runs and ends at 0 when one of the batch failed', () => {
    const progress = createRequestProgress();
    const a = progress.start();
    const b = progress.start();
    a('failed');
    expect(progress.get()).toBe(50);
    b('finished');
    expect(progress.get()).toBe(0);

    const c = progress.start();
    c('finished');
    c('failed');
    expect(progress.get()).toBe(100);
    expect(progress.inFlight()).toBe(0);
  });

  it('does not count a cancelled request as an error', () => {
    const progress = createRequestProgress();
    progress.start()('cancelled');
    expect(progress.get()).toBe(100);
  });
});
