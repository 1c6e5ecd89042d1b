import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { AlertProvider } from './alerts.js';
import { DialogsProvider } from './dialogs.js';
import { cssVariablesResolver, storeTheme, themeFor, type StoreTheme } from './theme.js';
import type { ColorScheme } from './variant-colors.js';

const StoreThemeContext = createContext<(theme: StoreTheme) => void>(() => undefined);

/**
 * Mantine with the ServiceBay theme, the alert banners and the dialogs. Goes inside the app's
 * I18nextProvider, since every text of these components is translated. The theme is ServiceBay's
 * default until a page that knows its store applies the store's (useStoreTheme).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const [name, setName] = useState<StoreTheme>('default');
  const { theme, colorScheme } = themeFor(name);
  usePrintedLight(colorScheme);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme={colorScheme}
    >
      <StoreThemeContext.Provider value={setName}>
        <AlertProvider>
          <DialogsProvider>{children}</DialogsProvider>
        </AlertProvider>
      </StoreThemeContext.Provider>
    </MantineProvider>
  );
}

/**
 * Shows the apps in a store's darkOrLightTheme (themeFor) while the calling component is mounted:
 * the staff shell once the session's store is loaded, the report page once its order's store is
 * known. Until the value is known (undefined), and after unmounting, ServiceBay's default.
 */
export function useStoreTheme(value: unknown) {
  const apply = useContext(StoreThemeContext);
  const name = storeTheme(value);
  useEffect(() => {
    apply(name);
    return () => apply('default');
  }, [apply, name]);
}

/** Paper is white: printing (the report's Print button, or the browser's) uses the light scheme. */
function usePrintedLight(colorScheme: ColorScheme) {
  useEffect(() => {
    if (colorScheme === 'light') return;
    const root = document.documentElement;
    const light = () => root.setAttribute('data-mantine-color-scheme', 'light');
    const back = () => root.setAttribute('data-mantine-color-scheme', colorScheme);
    window.addEventListener('beforeprint', light);
    window.addEventListener('afterprint', back);
    return () => {
      window.removeEventListener('beforeprint', light);
      window.removeEventListener('afterprint', back);
    };
  }, [colorScheme]);
}
