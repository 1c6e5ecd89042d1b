import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { App } from './App.js';
import { api, appI18n, session } from './services.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={appI18n} api={api} session={session} />
  </StrictMode>,
);
