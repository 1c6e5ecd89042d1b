import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '@servicebay/locales';
import { LANGUAGE_STORAGE_KEY, LOGIN_CHOICE_STORAGE_KEY } from './language.js';
import { createI18n, type I18nEnvironment } from './setup.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's catalog with one text changed, so a test can tell which copy is in use. */
function serverCatalog(language: 'en' | 'fr') {
  return { ...catalogs[language], ui: { ...catalogs[language].ui, back: `${catalogs[language].ui.back} (server)` } };
}

function environment(overrides: Partial<I18nEnvironment> = {}) {
  const fetch = vi.fn(async (url: string) => json(serverCatalog(url.includes('/fr.') ? 'fr' : 'en')));
  return { storage: memoryStorage(), choiceStorage: null, browserLanguage: 'en-US', fetch, ...overrides };
}

describe('createI18n', () => {
  it('has the bundled texts before anything is fetched', () => {
    const env = environment({ fetch: () => new Promise<Response>(() => {}) });
    const { i18n } = createI18n(catalogs, env);
    expect(i18n.language).toBe('en');
    expect(i18n.t('ui:back')).toBe('Back');
  });

  it("loads the first language's file from the server and uses its texts", async () => {
    const env = environment();
    const { i18n, ready } = createI18n(catalogs, env);
    await expect(ready).resolves.toBe('server');
    expect(env.fetch).toHaveBeenCalledWith('/i18n/en.i18n.json', expect.anything());
    expect(i18n.t('ui:back')).toBe('Back (server)');
  });

  it('draws again only when the server changed a text the app holds', async () => {
    // The same texts as built in (the usual case), with namespaces the app does not bundle.
    const same = createI18n({ en: { ui: catalogs.en.ui }, fr: { ui: catalogs.fr.ui } }, environment({ fetch: vi.fn(async () => json(catalogs.en)) }));
    const quiet = vi.fn();
    same.i18n.store.on('added', quiet);
    await expect(same.ready).resolves.toBe('server');
    expect(quiet).not.toHaveBeenCalled();
    expect(same.i18n.t('media:gallery.title')).toBe(catalogs.en.media.gallery.title);

    // A text fixed on the server: one event, however many namespaces came.
    const fixed = createI18n({ en: { ui: catalogs.en.ui }, fr: { ui: catalogs.fr.ui } }, environment());
    const told = vi.fn();
    fixed.i18n.store.on('added', told);
    await fixed.ready;
    expect(told).toHaveBeenCalledTimes(1);
    expect(fixed.i18n.t('ui:back')).toBe('Back (server)');
  });

  it("adds a page's bundled texts offline, and never over the server's newer ones", async () => {
    const offline = createI18n({ en: { ui: catalogs.en.ui }, fr: { ui: catalogs.fr.ui } }, environment({ fetch: () => new Promise<Response>(() => {}) }));
    expect(offline.i18n.exists('media:gallery.title')).toBe(false);
    offline.addBundled({ en: { media: catalogs.en.media }, fr: { media: catalogs.fr.media } });
    expect(offline.i18n.t('media:gallery.title')).toBe(catalogs.en.media.gallery.title);

    const online = createI18n({ en: { ui: catalogs.en.ui }, fr: { ui: catalogs.fr.ui } }, environment());
    await online.ready;
    online.addBundled({ en: { ui: { ...catalogs.en.ui, back: 'Back (bundled)' } }, fr: { ui: catalogs.fr.ui } });
    expect(online.i18n.t('ui:back')).toBe('Back (server)');
  });

  it('keeps the bundled texts when offline', async () => {
    const onBundledFallback = vi.fn();
    const env = environment({ fetch: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')), onBundledFallback });
    const { i18n, ready } = createI18n(catalogs, env);
    await expect(ready).resolves.toBe('bundled');
    expect(i18n.t('ui:back')).toBe('Back');
    expect(onBundledFallback).toHaveBeenCalledWith('en', expect.any(TypeError));
  });

  it('keeps the bundled texts when the server answers an error or something else than a catalog', async () => {
    for (const answer of [json({ status: 500 }, 500), json(['not', 'a', 'catalog']), json({ ui: 'flat' })]) {
      const { i18n, ready } = createI18n(catalogs, environment({ fetch: vi.fn().mockResolvedValue(answer) }));
      await expect(ready).resolves.toBe('bundled');
      expect(i18n.t('ui:back')).toBe('Back');
    }
  });

  it('starts in French when the browser is French and nothing was chosen', async () => {
    const { i18n, ready } = createI18n(catalogs, environment({ browserLanguage: 'fr-CA' }));
    await ready;
    expect(i18n.language).toBe('fr');
    expect(i18n.t('ui:back')).toBe('Retour (server)');
  });

  it('starts in the language remembered from the login page', () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'fr' });
    const { i18n } = createI18n(catalogs, environment({ storage, browserLanguage: 'en-US' }));
    expect(i18n.language).toBe('fr');
  });

  it('remembers the login page choice and fetches that language once', async () => {
    const storage = memoryStorage();
    const env = environment({ storage });
    const app = createI18n(catalogs, env);
    await app.ready;
    await app.chooseLoginLanguage('fr');
    expect(app.i18n.language).toBe('fr');
    expect(app.i18n.t('ui:back')).toBe('Retour (server)');
    expect(storage.values.get(LANGUAGE_STORAGE_KEY)).toBe('fr');

    await app.chooseLoginLanguage('en');
    await app.chooseLoginLanguage('fr');
    expect(env.fetch).toHaveBeenCalledTimes(2);
  });

  it("switches to the user's language after login without changing the login page choice", async () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en' });
    const app = createI18n(catalogs, environment({ storage }));
    await app.setUserLanguage('fr');
    expect(app.i18n.language).toBe('fr');
    expect(storage.values.get(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('keeps the current language when the user has none we support', async () => {
    const app = createI18n(catalogs, environment());
    await app.setUserLanguage('de');
    await app.setUserLanguage(null);
    expect(app.i18n.language).toBe('en');
  });

  it('retries a language whose file could not be fetched on the next switch', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementation(async () => json(serverCatalog('en')));
    const app = createI18n(catalogs, environment({ fetch }));
    await expect(app.ready).resolves.toBe('bundled');
    await app.chooseLoginLanguage('en');
    expect(app.i18n.t('ui:back')).toBe('Back (server)');
  });

  it('hands the login page choice to the next sign-in once; the remembered one is no choice', async () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'fr' });
    const app = createI18n(catalogs, environment({ storage }));
    // French because it was remembered from an earlier visit: the user's own language will apply.
    expect(app.i18n.language).toBe('fr');
    expect(app.takeLoginChoice()).toBeNull();
    await app.chooseLoginLanguage('en');
    await app.chooseLoginLanguage('fr');
    expect(app.takeLoginChoice()).toBe('fr');
    expect(app.takeLoginChoice()).toBeNull();
  });

  it('keeps the choice in the tab across a page load (single sign-on), and forgets it once taken', async () => {
    const choiceStorage = memoryStorage();
    const before = createI18n(catalogs, environment({ choiceStorage }));
    await before.chooseLoginLanguage('fr');
    expect(choiceStorage.values.get(LOGIN_CHOICE_STORAGE_KEY)).toBe('fr');
    const after = createI18n(catalogs, environment({ choiceStorage }));
    expect(after.takeLoginChoice()).toBe('fr');
    expect(after.takeLoginChoice()).toBeNull();
    expect(createI18n(catalogs, environment({ choiceStorage })).takeLoginChoice()).toBeNull();
    // Storage refused: the choice still waits in memory.
    const refusing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } };
    const app = createI18n(catalogs, environment({ choiceStorage: refusing }));
    await app.chooseLoginLanguage('fr');
    expect(app.takeLoginChoice()).toBe('fr');
  });

  it('lists the languages whose file could not be fetched until a later fetch succeeds', async () => {
    let online = true;
    const fetch = vi.fn(async (url: string) => {
      if (!online && url.includes('/fr.')) throw new TypeError('Failed to fetch');
      return json(serverCatalog(url.includes('/fr.') ? 'fr' : 'en'));
    });
    const app = createI18n(catalogs, environment({ fetch }));
    const seen: (readonly string[])[] = [];
    app.unavailable.subscribe((languages) => seen.push(languages));
    await app.ready;
    expect(app.unavailable.get()).toEqual([]);
    online = false;
    await app.chooseLoginLanguage('fr');
    // Still switched: French with the texts built into the app.
    expect(app.i18n.language).toBe('fr');
    expect(app.i18n.t('ui:back')).toBe('Retour');
    expect(app.unavailable.get()).toEqual(['fr']);
    await app.chooseLoginLanguage('en');
    expect(app.unavailable.get()).toEqual(['fr']);
    online = true;
    await app.setUserLanguage('fr');
    expect(app.unavailable.get()).toEqual([]);
    expect(app.i18n.t('ui:back')).toBe('Retour (server)');
    expect(seen).toEqual([['fr'], []]);
  });
});
