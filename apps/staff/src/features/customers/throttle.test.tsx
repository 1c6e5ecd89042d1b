// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useThrottledValue } from './throttle.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('search throttle (1500 ms)', () => {
  it('passes the first change at once, then the last one of each 1500 ms window', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 1500), { initialProps: { value: '' } });
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(2000));

    rerender({ value: 'ja' });
    expect(result.current).toBe('ja');

    rerender({ value: 'jan' });
    act(() => vi.advanceTimersByTime(500));
    rerender({ value: 'jane' });
    act(() => vi.advanceTimersByTime(900));
    // Still inside the window opened by 'ja'.
    expect(result.current).toBe('ja');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('jane');

    // The next change waits for the window that 'jane' opened.
    rerender({ value: 'jane d' });
    expect(result.current).toBe('jane');
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current).toBe('jane d');
  });
});
