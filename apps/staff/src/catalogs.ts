import type { Language } from '@servicebay/domain';
import type { BundledCatalogs } from '@servicebay/web-core';

/**
 * The staff app's texts, one chunk per language: the language in use is loaded before the first
 * render (main.tsx), the other one after it, so a tablet downloads one language before it shows
 * anything and still has both once running (offline included).
 */
let pageDrawn: () => void = () => undefined;
/** Settles once the first page's code has arrived: what the other language waits for. */
export const firstPageLoaded = new Promise<void>((resolve) => (pageDrawn = resolve));
/** Called by the lazy pages (App.tsx) when a page's chunk has arrived. */
export function pageLoaded(): void {
  pageDrawn();
}

export function loadCatalog(language: Language): Promise<BundledCatalogs> {
  return language === 'fr'
    ? import('@servicebay/locales/fr').then(({ fr }) => ({ en: {}, fr }))
    : import('@servicebay/locales/en').then(({ en }) => ({ en, fr: {} }));
}
