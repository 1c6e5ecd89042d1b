// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useAlerts, type AlertMessage } from './alerts.js';
import { renderWithUi } from './testing/render.js';

function Trigger({ alert }: { alert: AlertMessage }) {
  const alerts = useAlerts();
  return <button onClick={() => alerts.show(alert)}>show</button>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('alerts', () => {
  it('shows the strong message and the message, then goes after 6000 ms', () => {
    renderWithUi(<Trigger alert={{ type: 'danger', strongMessage: 'Sign-in failed', message: 'Wrong password' }} />);
    fireEvent.click(screen.getByText('show'));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveProperty('textContent', expect.stringContaining('Sign-in failed'));
    expect(alert.textContent).toContain('Wrong password');

    act(() => vi.advanceTimersByTime(5999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces success and info politely, danger and warning at once', () => {
    const cases: [AlertMessage['type'], string][] = [
      ['success', 'status'],
      ['info', 'status'],
      ['danger', 'alert'],
      ['warning', 'alert'],
    ];
    for (const [type, role] of cases) {
      renderWithUi(<Trigger alert={{ type, message: `a ${type} message` }} />);
      fireEvent.click(screen.getByText('show'));
      const shown = screen.getByText(`a ${type} message`).closest('[data-alert-type]');
      expect(shown?.getAttribute('role'), type).toBe(role);
      expect(shown?.getAttribute('data-alert-type')).toBe(type);
      cleanup();
    }
  });

  it('are all cleared at once, e.g. a failure once the step succeeded', () => {
    function Both() {
      const alerts = useAlerts();
      return (
        <>
          <button onClick={() => alerts.show({ type: 'danger', message: 'Sign-in failed' })}>fail</button>
          <button onClick={() => alerts.show({ type: 'info', message: 'Saved offline' })}>info</button>
          <button onClick={() => alerts.clear()}>clear</button>
        </>
      );
    }
    renderWithUi(<Both />);
    fireEvent.click(screen.getByText('fail'));
    fireEvent.click(screen.getByText('info'));
    expect(screen.getByText('Sign-in failed')).toBeTruthy();
    fireEvent.click(screen.getByText('clear'));
    expect(screen.queryByText('Sign-in failed')).toBeNull();
    expect(screen.queryByText('Saved offline')).toBeNull();
  });

  it('can be dismissed with its close button', () => {
    renderWithUi(<Trigger alert={{ type: 'info', message: 'Saved offline' }} />);
    fireEvent.click(screen.getByText('show'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this message' }));
    expect(screen.queryByText('Saved offline')).toBeNull();
  });

  it('waits while the pointer is on it, and starts its 6000 ms again when it leaves', () => {
    renderWithUi(<Trigger alert={{ type: 'warning', message: 'Check the VIN' }} />);
    fireEvent.click(screen.getByText('show'));
    const alert = screen.getByRole('alert');

    fireEvent.mouseEnter(alert.parentElement!);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByText('Check the VIN')).not.toBeNull();

    fireEvent.mouseLeave(alert.parentElement!);
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByText('Check the VIN')).toBeNull();
  });

  it('shows the same message once when it is raised twice', () => {
    renderWithUi(<Trigger alert={{ type: 'danger', message: 'No internet connection' }} />);
    fireEvent.click(screen.getByText('show'));
    fireEvent.click(screen.getByText('show'));
    expect(screen.getAllByText('No internet connection')).toHaveLength(1);
  });

  it('translates its close button', () => {
    renderWithUi(<Trigger alert={{ type: 'info', message: 'x' }} />, { language: 'fr' });
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByRole('button', { name: 'Fermer ce message' })).toBeDefined();
  });
});
