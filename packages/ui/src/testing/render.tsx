import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { catalogs, NAMESPACES } from '@servicebay/locales';
import { UiProvider } from '../UiProvider.js';

/** What Mantine needs from a browser that jsdom lacks. Call before rendering. */
export function installBrowserStubs() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  Element.prototype.scrollIntoView ??= () => {};
}

export function testI18n(language: 'en' | 'fr' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: structuredClone(catalogs),
    lng: language,
    ns: NAMESPACES,
    defaultNS: 'app',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/** Renders inside the same providers the apps use, in English unless told. */
export function renderWithUi(ui: ReactElement, options: RenderOptions & { language?: 'en' | 'fr' } = {}) {
  installBrowserStubs();
  const i18n = testI18n(options.language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <UiProvider>{children}</UiProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
