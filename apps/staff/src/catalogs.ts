import { useEffect, useState } from 'react';
import type { Language } from '@servicebay/domain';
import type { BundledCatalogs } from '@servicebay/web-core';
import { useServices } from './context.js';

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

/**
 * Whether `language`'s texts of `namespace` are in memory; when not, they are loaded now and the
 * caller drawn again once they are. For a page that speaks another language than the user's (the
 * customer's sign-off): the other language otherwise arrives only after the first page.
 */
export function useLanguageTexts(language: Language, namespace: string): boolean {
  const { i18n } = useServices();
  const [ready, setReady] = useState(() => i18n.i18n.hasResourceBundle(language, namespace));
  useEffect(() => {
    if (i18n.i18n.hasResourceBundle(language, namespace)) {
      setReady(true);
      return;
    }
    let live = true;
    setReady(false);
    loadCatalog(language)
      .then((texts) => i18n.addBundled(texts))
      .catch(() => undefined) // the user's language stands in (i18next's fallback)
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [language, namespace, i18n]);
  return ready;
}
