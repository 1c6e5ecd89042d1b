// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import type { StoreFigures } from '@servicebay/domain';
import { installBrowserStubs, testI18n } from '../../../../../packages/ui/src/testing/render.js';
import { StoreToday, type TodayState } from './StoreToday.js';

/** The staff app's own Mantine (packages/ui's provider is another copy) and the catalogs. */
function renderWithUi(ui: ReactElement, options: { language?: 'en' | 'fr' } = {}) {
  installBrowserStubs();
  const i18n = testI18n(options.language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}

afterEach(cleanup);

const NONE = { inspecting: 0, estimating: 0, awaitingApproval: 0, awaitingParts: 0, working: 0, finished: 0 };
const busy: StoreFigures = {
  day: '2026-03-10',
  timeZone: 'America/Toronto',
  storeId: 's',
  currency: 'CAD',
  carCount: 14,
  averageRepairOrder: 487_65,
  approvalRate: 0.82,
  decidedOrders: 2,
  approvedAmount: 975_30,
  decidedAmount: 1189_39,
  openByStage: { inspecting: 5, estimating: 2, awaitingApproval: 3, awaitingParts: 2, working: 2, finished: 3 },
};
const state = (over: Partial<TodayState>): TodayState => ({ figures: undefined, loading: false, failed: false, onRetry: () => {}, ...over });
const figure = (container: HTMLElement, name: string) => container.querySelector(`[data-figure="${name}"]`)?.textContent;

describe('StoreToday', () => {
  it("shows the day's cars, average repair order, approval rate and open tickets by stage", () => {
    const { container } = renderWithUi(<StoreToday state={state({ figures: busy })} />);
    const section = screen.getByRole('region', { name: 'Today' });
    expect(figure(container, 'cars')).toBe('14Cars today');
    expect(figure(container, 'averageRepairOrder')).toBe('$487.65Average repair order');
    expect(figure(container, 'approvalRate')).toBe('82%Approval rate');
    const stages = within(section).getByRole('list', { name: 'Open tickets by stage' });
    expect(within(stages).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '5 Inspecting',
      '2 Estimating',
      '3 Awaiting approval',
      '2 Awaiting parts',
      '2 Working',
      '3 Finished',
    ]);
  });

  it('says so on a day with nothing yet, and has no average or rate before a decision', () => {
    const { container } = renderWithUi(
      <StoreToday state={state({ figures: { ...busy, carCount: 0, decidedOrders: 0, averageRepairOrder: null, approvalRate: null, openByStage: NONE } })} />,
    );
    expect(screen.getByText('No cars, decisions or open tickets yet today.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(figure(container, 'averageRepairOrder')).toBe('—Average repair order (no customer decided yet today)');
  });

  it('shows a loading line, then a failure with a retry', () => {
    const { rerender } = renderWithUi(<StoreToday state={state({ loading: true })} />);
    expect(screen.getByRole('status').textContent).toBe("Loading today's figures…");
    const onRetry = vi.fn();
    rerender(<StoreToday state={state({ failed: true, onRetry })} />);
    expect(screen.getByRole('alert').textContent).toBe("Today's figures could not be loaded.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('speaks French with French money and percentages', () => {
    const { container } = renderWithUi(<StoreToday state={state({ figures: busy })} />, { language: 'fr' });
    expect(screen.getByRole('region', { name: "Aujourd'hui" })).toBeTruthy();
    expect(figure(container, 'averageRepairOrder')?.replace(/[\u00a0\u202f]/g, ' ')).toBe('487,65 $Bon de travail moyen');
    expect(figure(container, 'approvalRate')?.replace(/[\u00a0\u202f]/g, ' ')).toBe("82 %Taux d'approbation");
    expect(screen.getByRole('list', { name: 'Bons ouverts par étape' }).textContent).toContain("3 En attente d'approbation");
  });
});
