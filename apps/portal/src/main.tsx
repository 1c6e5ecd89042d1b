import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's styles for the components the portal draws (build/mantine-styles.ts), not all of them.
import 'virtual:mantine-styles.css';
import { App } from './App.js';
import { api, appI18n, session } from './services.js';

// The first render in a transition: React draws the page in slices and lets the phone's main
// thread breathe between them, instead of one block from the app's start to its first paint.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={appI18n} api={api} session={session} />
    </StrictMode>,
  );
});
