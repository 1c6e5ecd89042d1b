// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { BackButton } from './BackButton.js';
import { Footer } from './Footer.js';
import { LanguageSelector } from './LanguageSelector.js';
import { FINISHED_VISIBLE_MS, LoadingBar, type ProgressSource } from './LoadingBar.js';
import { OfflineIcon } from './OfflineIcon.js';
import { Tooltip } from './Tooltip.js';
import { renderWithUi } from './testing/render.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineIcon', () => {
  afterEach(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true }));

  it('appears only after 5 s offline, and goes as soon as the browser is back online', () => {
    vi.useFakeTimers();
    renderWithUi(<OfflineIcon />);
    act(() => setOnline(false));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId('offline-icon')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('offline-icon').getAttribute('aria-label')).toBe('You are offline');

    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-icon')).toBeNull();
  });

  it('does not appear for a short drop in the connection', () => {
    vi.useFakeTimers();
    renderWithUi(<OfflineIcon />);
    act(() => setOnline(false));
    act(() => vi.advanceTimersByTime(3000));
    act(() => setOnline(true));
    act(() => setOnline(false));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByTestId('offline-icon')).toBeNull();
  });

  it('counts from the start when the page opens offline', () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderWithUi(<OfflineIcon />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('offline-icon')).toBeDefined();
  });
});

describe('LoadingBar', () => {
  it('shows 50 while a request runs and nothing at 0', () => {
    const { rerender } = renderWithUi(<LoadingBar progress={50} />);
    const bar = screen.getByRole('progressbar', { name: 'Request in progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    rerender(<LoadingBar progress={0} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('fills to 100 when the request finished, then goes', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithUi(<LoadingBar progress={50} />);
    rerender(<LoadingBar progress={100} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(FINISHED_VISIBLE_MS));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('follows a subscribable progress source such as the API client', () => {
    let value = 0;
    const listeners = new Set<(v: number) => void>();
    const source: ProgressSource = {
      get: () => value,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const set = (next: number) => {
      value = next;
      for (const listener of listeners) listener(next);
    };
    renderWithUi(<LoadingBar source={source} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => set(50));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    act(() => set(0));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('Footer', () => {
  it('shows the current year, the product name and the tagline', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T10:00:00Z'));
    renderWithUi(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('© 2031 ServiceBay');
    expect(footer.textContent).toContain('Digital inspections your customers trust');
  });
});

describe('BackButton', () => {
  it('is a labelled button that calls onBack', () => {
    const onBack = vi.fn();
    renderWithUi(<BackButton onBack={onBack} />, { language: 'fr' });
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('Tooltip', () => {
  it('opens when its target gets the keyboard focus', async () => {
    renderWithUi(
      <Tooltip label="Vehicle is in the shop" openDelay={0}>
        <button>RO 42</button>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'RO 42' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Vehicle is in the shop');
  });
});

describe('LanguageSelector', () => {
  it('offers en and fr as a labelled radio group and reports the choice', () => {
    const onChange = vi.fn();
    renderWithUi(<LanguageSelector value="en" onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Language' });
    expect(group).toBeDefined();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Français' }));
    expect(onChange).toHaveBeenCalledWith('fr');
  });
});
