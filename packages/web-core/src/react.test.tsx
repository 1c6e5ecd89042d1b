// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createRequestProgress } from './http/progress.js';
import { useStore } from './react.js';

afterEach(cleanup);

it('useStore re-renders with the store value', () => {
  const progress = createRequestProgress();
  function Bar() {
    return <div role="progressbar" aria-valuenow={useStore(progress)} />;
  }
  render(<Bar />);
  expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  let done: ReturnType<typeof progress.start> | undefined;
  act(() => {
    done = progress.start();
  });
  expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
  act(() => done!('finished'));
  expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
});
