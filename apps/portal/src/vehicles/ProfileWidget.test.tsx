// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { PortalVehicle } from '@servicebay/domain';
import { installBrowserStubs, testI18n } from '../../../../packages/ui/src/testing/render.js';
import { ServicesContext, type Services } from '../context.js';
import { ProfileWidget } from './ProfileWidget.js';

/** The portal's own Mantine and query client, with services that answer nothing. */
function renderWithPortal(ui: ReactElement, language: 'en' | 'fr' = 'en') {
  installBrowserStubs();
  const i18n = testI18n(language);
  const services = { api: { call: vi.fn(() => new Promise(() => {})) }, session: { getToken: async () => 'token' } } as unknown as Services;
  const client = new QueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MantineProvider>{children}</MantineProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
  return render(ui, { wrapper: Wrapper });
}

afterEach(cleanup);

const car = (over: Partial<PortalVehicle> = {}): PortalVehicle => ({
  _id: 'car-1',
  year: 2016,
  make: 'Honda',
  model: 'Accord',
  engine: null,
  color: 'Black',
  fleetNumber: null,
  licensePlate: 'ADF 100',
  picture: null,
  latestInspectionPicture: null,
  ...over,
});

describe('ProfileWidget', () => {
  it('shows one car without a selector, with its details and the default thumbnail', () => {
    const only = car();
    renderWithPortal(<ProfileWidget variant="car" customerId="c" vehicles={[only]} vehicle={only} selectVehicle={() => {}} />);
    expect(screen.queryByLabelText('Vehicle')).toBeNull();
    expect(screen.getByTestId('profile-picture').getAttribute('data-source')).toBe('default');
    expect(screen.getByRole('button', { name: 'Change the picture of 2016 Honda Accord' })).toBeTruthy();
    expect(screen.getByTestId('profile-details').textContent).toBe('ColourBlackYear2016MakeHondaModelAccord');
  });

  it('offers the selector above one vehicle and tells the page the chosen one', () => {
    const first = car({ latestInspectionPicture: { url: '/inspection.jpg', name: 'i.jpg' } });
    const second = car({ _id: 'car-2', licensePlate: 'BLT 137', color: null, picture: { url: '/own.jpg', name: 'o.jpg' } });
    const selectVehicle = vi.fn();
    const { rerender } = renderWithPortal(<ProfileWidget variant="car" customerId="c" vehicles={[first, second]} vehicle={first} selectVehicle={selectVehicle} />);
    expect(screen.getByTestId('profile-picture').getAttribute('data-source')).toBe('inspection');
    const selector = screen.getByLabelText('Vehicle') as HTMLSelectElement;
    expect([...selector.options].map((o) => o.textContent)).toEqual(['Black 2016 Honda Accord · ADF 100', '2016 Honda Accord · BLT 137']);
    fireEvent.change(selector, { target: { value: 'car-2' } });
    expect(selectVehicle).toHaveBeenCalledWith('car-2');

    rerender(<ProfileWidget variant="car" customerId="c" vehicles={[first, second]} vehicle={second} selectVehicle={selectVehicle} />);
    expect(screen.getByTestId('profile-picture').getAttribute('data-source')).toBe('vehicle');
    expect(screen.getByTestId('profile-details').textContent).toContain('ColourNot recorded');
  });

  it('refuses a file the browser cannot open as a picture, in French too', async () => {
    const only = car();
    renderWithPortal(<ProfileWidget variant="car" customerId="c" vehicles={[only]} vehicle={only} selectVehicle={() => {}} />, 'fr');
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('not an image')));
    fireEvent.change(screen.getByTestId('profile-picture-library'), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Ce fichier n’est pas une image. Choisissez une photo.');
    vi.unstubAllGlobals();
  });

  it('refuses a picture above the upload limit before opening it', async () => {
    const only = car();
    renderWithPortal(<ProfileWidget variant="car" customerId="c" vehicles={[only]} vehicle={only} selectVehicle={() => {}} />);
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('profile-picture-library'), { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toContain('This picture is too large. Choose one of at most 20 MB.');
  });

  it('says so when the household has no vehicle', () => {
    renderWithPortal(<ProfileWidget variant="car" customerId="c" vehicles={[]} vehicle={null} selectVehicle={() => {}} />);
    expect(screen.getByText('No vehicle yet. Your shop adds your vehicles at your next visit.')).toBeTruthy();
  });
});
