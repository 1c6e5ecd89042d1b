import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { AlertProvider } from './alerts.js';
import { DialogsProvider } from './dialogs.js';
import { cssVariablesResolver, theme } from './theme.js';

/**
 * Mantine with the ServiceBay theme, the alert banners and the dialogs. Goes inside the app's
 * I18nextProvider, since every text of these components is translated.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AlertProvider>
        <DialogsProvider>{children}</DialogsProvider>
      </AlertProvider>
    </MantineProvider>
  );
}
