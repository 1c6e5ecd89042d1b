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
      void loadCatalog(other).then((texts) => appI18n.addBundled(texts), () => undefined);
    }
  };
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 10_000 }) : setTimeout(load, 2_000));
  void firstPageLoaded.then(() => setTimeout(whenIdle, 1_000));
}

// The language in use before the first render (no text drawn as its key).
loadCatalog(language)
  .then((texts) => appI18n.addBundled(texts))
  .finally(() => {
    render();
    loadOtherLanguages();
  });
