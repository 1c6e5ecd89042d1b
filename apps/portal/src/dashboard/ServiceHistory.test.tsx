// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { PortalOrder, PortalStore, PortalVehicle } from '@servicebay/domain';
import { UiProvider } from '@servicebay/ui';
import { installBrowserStubs, testI18n } from '../../../../packages/ui/src/testing/render.js';
import { ServicesContext, type Services } from '../context.js';
import { ServiceHistory } from './ServiceHistory.js';

const store: PortalStore = {
  _id: 's',
  name: 'Downtown',
  franchiseName: null,
  phoneNo: null,
  address: null,
  country: 'ca',
  state: 'QC',
  openTime: [],
  timeZone: 'America/Toronto',
};
const vehicle: PortalVehicle = {
  _id: 'v',
  year: 2016,
  make: 'Honda',
  model: 'Accord',
  engine: null,
  color: null,
  fleetNumber: null,
  licensePlate: null,
  picture: null,
  latestInspectionPicture: null,
};
/** Orders 1 (newest) to n, a day apart. */
const orders = (from: number, to: number): PortalOrder[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    _id: `o${from + i}`,
    orderNumber: String(1000 + from + i),
    date: new Date(Date.UTC(2026, 5, 30 - (from + i))).toISOString(),
    closedAt: null,
    mileageIn: from + i === 2 ? 0 : 50_000 - (from + i) * 1000,
    counts: { okay: 3, warning: 1, critical: 0 },
  }));

function renderHistory(
  ui: ReactElement,
  call: (route: { id: string }, options: unknown) => Promise<unknown>,
) {
  installBrowserStubs();
  const i18n = testI18n('en');
  const services = { api: { call }, i18n: {}, session: {} } as unknown as Services;
  const queryClient = new QueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <UiProvider>
            <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
          </UiProvider>
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper: Wrapper });
}

afterEach(cleanup);

describe('ServiceHistory', () => {
  it('steps to older and newer visits, logs each step, and stops at both ends', async () => {
    const call = vi.fn(async (_route: { id: string }, _options: unknown): Promise<unknown> => undefined);
    renderHistory(
      <ServiceHistory vehicle={vehicle} store={store} firstPage={orders(1, 2)} totalOrders={2} />,
      call,
    );
    const previous = screen.getByRole('button', { name: 'Previous report' });
    const next = screen.getByRole('button', { name: 'Next report' });
    expect(screen.getByText(/Ticket 1001/)).toBeTruthy();
    expect(screen.getByTestId('history-mileage').textContent).toBe('49,000');
    expect(next.hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(previous));
    expect(screen.getByText(/Ticket 1002/)).toBeTruthy();
    expect(screen.getByTestId('history-mileage').textContent).toBe('not recorded');
    expect(previous.hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(next));
    expect(screen.getByText(/Ticket 1001/)).toBeTruthy();
    const events = call.mock.calls.map(([route, options]) => [
      route.id,
      (options as { body: { eventName: string } }).body.eventName,
    ]);
    expect(events).toEqual([
      ['portal.logEvent', 'previousReport'],
      ['portal.logEvent', 'nextReport'],
    ]);
  });

  it('reads the next page when previous reaches the last loaded visit', async () => {
    const call = vi.fn(async (route: { id: string }, _options: unknown): Promise<unknown> =>
      route.id === 'portal.vehicleOrders' ? { orders: orders(3, 3), page: {} } : undefined,
    );
    renderHistory(
      <ServiceHistory vehicle={vehicle} store={store} firstPage={orders(1, 2)} totalOrders={3} />,
      call,
    );
    const previous = screen.getByRole('button', { name: 'Previous report' });
    await act(async () => fireEvent.click(previous));
    await act(async () => fireEvent.click(previous));
    await waitFor(() => expect(screen.getByText(/Ticket 1003/)).toBeTruthy());
    const page = call.mock.calls.find(([route]) => route.id === 'portal.vehicleOrders');
    expect(page?.[1]).toMatchObject({ params: { vehicleId: 'v' }, query: { page: 1, size: 2 } });
    expect(screen.getByText(/Visit 3 of 3/)).toBeTruthy();
    expect(previous.hasAttribute('disabled')).toBe(true);
  });

  it('says so when the vehicle has no closed visit, without steps', () => {
    renderHistory(<ServiceHistory vehicle={vehicle} store={store} firstPage={[]} totalOrders={0} />, vi.fn());
    expect(screen.getByText('There are currently no inspections to show')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous report' })).toBeNull();
  });
});
