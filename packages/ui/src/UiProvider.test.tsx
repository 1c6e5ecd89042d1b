// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useMantineTheme } from '@mantine/core';
import { AccentBar } from './AccentBar.js';
import { useStoreTheme } from './UiProvider.js';
import { renderWithUi } from './testing/render.js';

afterEach(cleanup);

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function StorePage({ theme }: { theme: unknown }) {
  useStoreTheme(theme);
  return <Primary />;
}

function Primary() {
  return (
    <>
      <span data-testid="primary">{useMantineTheme().primaryColor}</span>
      <AccentBar />
    </>
  );
}

describe('useStoreTheme', () => {
  it('shows the store’s theme while the page is mounted, and the default once it is gone', () => {
    const { rerender } = renderWithUi(<StorePage theme="estimates" />);
    expect(scheme()).toBe('dark');
    expect(screen.getByTestId('primary').textContent).toBe('bay');

    rerender(<StorePage theme="napa" />);
    expect(scheme()).toBe('light');
    expect(screen.getByTestId('primary').textContent).toBe('napa');
    expect(document.querySelector('[data-accent-bar]')).not.toBeNull();

    rerender(<Primary />);
    expect(scheme()).toBe('light');
    expect(screen.getByTestId('primary').textContent).toBe('bay');
    expect(document.querySelector('[data-accent-bar]')).toBeNull();
  });

  it('keeps the default while the store is not known, and for a value it does not know', () => {
    const { rerender } = renderWithUi(<StorePage theme={undefined} />);
    expect(scheme()).toBe('light');
    rerender(<StorePage theme="pink" />);
    expect(screen.getByTestId('primary').textContent).toBe('bay');
  });

  it('prints in the light scheme', () => {
    renderWithUi(<StorePage theme="estimates" />);
    window.dispatchEvent(new Event('beforeprint'));
    expect(scheme()).toBe('light');
    window.dispatchEvent(new Event('afterprint'));
    expect(scheme()).toBe('dark');
  });
});
