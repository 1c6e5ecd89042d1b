import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@servicebay/domain';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { App } from './App.js';
import { firstPageLoaded, loadCatalog } from './catalogs.js';
import { api, appI18n, session } from './services.js';

const language = isLanguage(appI18n.i18n.language) ? appI18n.i18n.language : DEFAULT_LANGUAGE;

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={appI18n} api={api} session={session} />
    </StrictMode>,
  );
}

/**
 * The other languages' texts, a second after the first page's code has arrived, when the browser is idle:
 * not in the way of the page, and in memory for a switch of language (offline included).
 */
function loadOtherLanguages() {
  const load = () => {
    for (const other of LANGUAGES.filter((l) => l !== language)) {
      if (withTexts.has(other)) continue;
      void loadCatalog(other).then((texts) => {
        appI18n.addBundled(texts);
        withTexts.add(other);
      }, () => undefined);
    }
  };
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 10_000 }) : setTimeout(load, 2_000));
  void firstPageLoaded.then(() => setTimeout(whenIdle, 1_000));
}

// A switch to a language whose texts have not arrived yet: they are loaded, then the language is
// applied again so every text on screen is drawn in it.
const withTexts = new Set<string>([language]);
appI18n.i18n.on('languageChanged', (next: string) => {
  if (withTexts.has(next) || !isLanguage(next)) return;
  withTexts.add(next);
  void loadCatalog(next).then(
    (texts) => {
      appI18n.addBundled(texts);
      return appI18n.i18n.changeLanguage(next);
    },
    () => withTexts.delete(next),
  );
});

// The language in use before the first render (no text drawn as its key).
loadCatalog(language)
  .then((texts) => {
    appI18n.addBundled(texts);
    // Resolved again now that the language has texts (the login's selector reads resolvedLanguage).
    return appI18n.i18n.changeLanguage(language);
  })
  .finally(() => {
    render();
    loadOtherLanguages();
  });
