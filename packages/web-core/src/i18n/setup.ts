import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@servicebay/domain';
import type { Catalog } from '@servicebay/locales';
import { createStore, type ReadableStore } from '../load-state.js';
import {
  loginLanguage,
  readLoginChoice,
  readStoredLanguage,
  storeLanguage,
  writeLoginChoice,
  type LanguageStorage,
} from './language.js';

/** Where a language's texts came from: the server's file, or the copy built into the app. */
export type CatalogSource = 'server' | 'bundled';

export interface I18nEnvironment {
  storage: LanguageStorage | null;
  /** Where the login page's choice waits for the sign-in (the tab's sessionStorage). */
  choiceStorage?: LanguageStorage | null;
  /** The browser's first language (navigator.languages[0]). */
  browserLanguage: string | undefined;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Told once per language when its file could not be fetched and the bundled texts stay in use. */
  onBundledFallback?: (language: Language, error: unknown) => void;
}

export interface AppI18n {
  readonly i18n: I18n;
  /** Settles once the first language's file has been applied, or the bundled texts kept. */
  readonly ready: Promise<CatalogSource>;
  /**
   * The login page's selector: switches now, is remembered for the next visit, and waits for the
   * next sign-in (takeLoginChoice), whose user it becomes.
   */
  chooseLoginLanguage(language: Language): Promise<void>;
  /**
   * At sign-in: the language chosen on the login page since the last sign-in, or null when the
   * selector was not used. Taken once: the choice is then forgotten.
   */
  takeLoginChoice(): Language | null;
  /** After login: the user's own language; anything but en or fr keeps the current one. */
  setUserLanguage(language: string | null | undefined): Promise<void>;
  /**
   * Texts built into a page's chunk rather than the app's entry (the portal's report and
   * dashboard): added under what is there, so the server's newer texts keep their place.
   */
  addBundled(catalogs: BundledCatalogs): void;
  /**
   * Languages whose file could not be fetched, so the texts built into the app are in use (an
   * offline warning is due); a language leaves once a later fetch of its file succeeds.
   */
  readonly unavailable: ReadableStore<readonly Language[]>;
}

export function languageFileUrl(language: Language): string {
  return `/i18n/${language}.i18n.json`;
}

function browserEnvironment(): I18nEnvironment {
  let storage: LanguageStorage | null = null;
  let choiceStorage: LanguageStorage | null = null;
  try {
    storage = globalThis.localStorage ?? null;
    choiceStorage = globalThis.sessionStorage ?? null;
  } catch {
    // Reading localStorage itself throws when the browser blocks site data.
  }
  return {
    storage,
    choiceStorage,
    browserLanguage: globalThis.navigator?.languages?.[0] ?? globalThis.navigator?.language,
    fetch: (input, init) => globalThis.fetch(input, init),
  };
}

/**
 * The texts built into an app, per language: the whole catalog (staff), or only the namespaces an
 * app uses (the portal: a phone downloads no staff text before its first paint).
 */
export type BundledCatalogs = Record<Language, Partial<Catalog>>;

function isCatalogShape(value: unknown): value is Record<string, Record<string, unknown>> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((ns) => typeof ns === 'object' && ns !== null && !Array.isArray(ns))
  );
}

/**
 * One i18next instance per app. It starts with the catalogs built into the bundle (`bundled`), so
 * the first paint never waits for the network and an offline tablet still has every text; the
 * server's `/i18n/{lng}.i18n.json` is then fetched once per language and replaces them, so texts
 * fixed on the server reach clients that have not reloaded the app.
 */
export function createI18n(bundled: BundledCatalogs, overrides: Partial<I18nEnvironment> = {}): AppI18n {
  const env: I18nEnvironment = { ...browserEnvironment(), ...overrides };
  const i18n = i18next.createInstance();
  const first = loginLanguage(readStoredLanguage(env.storage), env.browserLanguage);

  void i18n.init({
    // A copy: i18next merges later bundles into these objects, and the catalogs module is shared.
    resources: structuredClone(bundled),
    lng: first,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(bundled[DEFAULT_LANGUAGE]),
    defaultNS: 'app',
    // React escapes what it renders; escaping here too would show &amp; on screen.
    interpolation: { escapeValue: false },
    // Resources are in memory, so init is synchronous and the first render has its texts.
    initAsync: false,
    // Re-render when the server's texts arrive after the first paint.
    react: { bindI18nStore: 'added', useSuspense: false },
  });

  const setDocumentLanguage = (language: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  };
  setDocumentLanguage(first);
  i18n.on('languageChanged', setDocumentLanguage);

  const unavailable = createStore<readonly Language[]>([]);
  const track = (language: Language, source: CatalogSource) => {
    const now = unavailable.get();
    if (source === 'bundled' && !now.includes(language)) unavailable.set([...now, language]);
    if (source === 'server' && now.includes(language)) unavailable.set(now.filter((l) => l !== language));
  };
  const loads = new Map<Language, Promise<CatalogSource>>();
  const load = (language: Language): Promise<CatalogSource> => {
    let pending = loads.get(language);
    if (!pending) {
      pending = fetchCatalog(i18n, env, language).then((source) => {
        track(language, source);
        // A failed fetch may succeed later (the tablet came back online): allow the next switch to retry.
        if (source === 'bundled') loads.delete(language);
        return source;
      });
      loads.set(language, pending);
    }
    return pending;
  };

  // In memory too: a browser that refuses sessionStorage still keeps the choice until sign-in.
  let loginChoice: Language | null = null;
  const switchTo = async (language: Language) => {
    await i18n.changeLanguage(language);
    await load(language);
  };

  return {
    i18n,
    ready: load(first),
    async chooseLoginLanguage(language) {
      storeLanguage(env.storage, language);
      loginChoice = language;
      writeLoginChoice(env.choiceStorage ?? null, language);
      await switchTo(language);
    },
    takeLoginChoice() {
      const chosen = loginChoice ?? readLoginChoice(env.choiceStorage ?? null);
      loginChoice = null;
      writeLoginChoice(env.choiceStorage ?? null, null);
      return chosen;
    },
    unavailable,
    async setUserLanguage(language) {
      if (isLanguage(language)) await switchTo(language);
    },
    addBundled(catalogs) {
      for (const [language, namespaces] of Object.entries(catalogs)) {
        for (const [namespace, texts] of Object.entries(namespaces)) {
          // Silent: a page adds them while it renders, and the mounted pages need no new render.
          i18n.addResourceBundle(language, namespace, texts, true, false, { silent: true });
        }
      }
    },
  };
}

async function fetchCatalog(i18n: I18n, env: I18nEnvironment, language: Language): Promise<CatalogSource> {
  try {
    const response = await env.fetch(languageFileUrl(language), { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (!isCatalogShape(body)) throw new Error('not a catalog');
    // Usually the server's texts are the ones built in: then nothing is added that is already
    // there, and nothing on screen draws again (a whole page's render while it is loading). The
    // namespaces the app does not bundle are added without a render, since nothing drawn uses them;
    // one render follows when a text on screen may have changed.
    const changed: Array<[string, Record<string, unknown>]> = [];
    for (const [namespace, texts] of Object.entries(body)) {
      const held = i18n.getResourceBundle(language, namespace) as unknown;
      // Nothing to merge into: the parsed answer is kept as it is (no walk, no copy).
      if (held === undefined) i18n.addResourceBundle(language, namespace, texts, false, true, { silent: true, skipCopy: true });
      else if (JSON.stringify(held) !== JSON.stringify(texts)) changed.push([namespace, texts]);
    }
    // The last one added tells the app (one render for all of them).
    changed.forEach(([namespace, texts], i) =>
      i18n.addResourceBundle(language, namespace, texts, true, true, { silent: i < changed.length - 1 }),
    );
    return 'server';
  } catch (error) {
    // The display language could not be retrieved; the local texts are used.
    env.onBundledFallback?.(language, error);
    return 'bundled';
  }
}
