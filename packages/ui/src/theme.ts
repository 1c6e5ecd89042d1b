import {
  createTheme,
  darken,
  isVirtualColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import type { StoreSettings } from '@servicebay/domain';
import { readableTextColor, readableVariantColors, type ColorScheme } from './variant-colors.js';

/** ServiceBay's blue-teal, from the colour of a shop's bay doors. Shade 7 is the primary. */
const bay: MantineColorsTuple = [
  '#e6f4f8',
  '#cfe6ee',
  '#9ccbdc',
  '#66afc9',
  '#3b97b8',
  '#2088ae',
  '#0f7aa3',
  '#0b6a8f',
  '#065c7e',
  '#004d6b',
];

/** NAPA's blue, around its brand's #0a3d91 (shade 7, the primary). */
const napa: MantineColorsTuple = [
  '#e8eefa',
  '#cfdbf2',
  '#9db4e4',
  '#6a8cd6',
  '#416cc9',
  '#2757bb',
  '#164aa8',
  '#0a3d91',
  '#08337c',
  '#052a66',
];

/** NAPA's yellow: the bar under the staff app's header and over the customer's report. */
export const NAPA_YELLOW = '#ffc836';

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** A store's theme setting (darkOrLightTheme). */
export type StoreTheme = StoreSettings['darkOrLightTheme'];

/** What a theme of the apps is made of: Mantine's theme and the colour scheme it is shown in. */
export interface AppTheme {
  name: StoreTheme;
  colorScheme: ColorScheme;
  theme: MantineThemeOverride;
}

/** The theme's own settings beside Mantine's (`theme.other`). */
export interface ThemeExtras {
  /** A bar of colour under the staff header and over the report; none when absent. */
  accentBar?: string;
}

function appTheme(
  name: StoreTheme,
  colorScheme: ColorScheme,
  { primaryColor, accentBar }: { primaryColor: 'bay' | 'napa'; accentBar?: string },
): AppTheme {
  const other: ThemeExtras = accentBar ? { accentBar } : {};
  return {
    name,
    colorScheme,
    theme: createTheme({
      colors: { bay, napa },
      primaryColor,
      // Shade 7 keeps white button text above the 4.5:1 contrast of WCAG AA in both schemes;
      // Mantine's defaults (6 light, 8 dark) are not chosen for that.
      primaryShade: { light: 7, dark: 7 },
      // System fonts: nothing to download, so the apps look right offline.
      fontFamily: systemFonts,
      headings: { fontFamily: systemFonts, fontWeight: '700' },
      defaultRadius: 'md',
      cursorType: 'pointer',
      // Badges, buttons and every other variant keep their text at 4.5:1 on their own background.
      variantColorResolver: readableVariantColors(colorScheme),
      other,
      components: {
        // A link in a sentence must show without its colour (WCAG 1.4.1); on a dark page no link
        // colour is both readable and 3:1 apart from the text, so links there are underlined.
        ...(colorScheme === 'dark' ? { Anchor: { defaultProps: { underline: 'always' } } } : {}),
        Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
        // A badge is never narrower than its text: Mantine lets it shrink to an ellipsis ("AC…" for
        // Active in a table cell).
        Badge: { styles: { root: { minWidth: 'max-content' } } },
      },
    }),
  };
}

/**
 * The store themes (docs/web.md, Store themes): default is ServiceBay's light theme; napa is
 * light in NAPA's blue with its yellow bar; estimates is the dark colour scheme.
 */
const APP_THEMES: Record<StoreTheme, AppTheme> = {
  default: appTheme('default', 'light', { primaryColor: 'bay' }),
  napa: appTheme('napa', 'light', { primaryColor: 'napa', accentBar: NAPA_YELLOW }),
  estimates: appTheme('estimates', 'dark', { primaryColor: 'bay' }),
};

/** A store's darkOrLightTheme as the apps read it: estimates or napa, anything else (or none) default. */
export function storeTheme(value: unknown): StoreTheme {
  return value === 'estimates' || value === 'napa' ? value : 'default';
}

/** The Mantine theme and colour scheme of a store's darkOrLightTheme (default for anything unknown). */
export function themeFor(value: unknown): AppTheme {
  return APP_THEMES[storeTheme(value)];
}

/** ServiceBay's own theme, the one shown before a store is known (login pages, sign-in). */
export const theme = APP_THEMES.default.theme;

/** Every colour of the theme (Mantine's and ours) with its text colour readable in the scheme. */
function textColors(theme: MantineTheme, scheme: ColorScheme): Record<string, string> {
  return Object.fromEntries(
    Object.keys(theme.colors)
      .filter((name) => !isVirtualColor(theme.colors[name]!))
      .map((name) => [`--mantine-color-${name}-text`, readableTextColor(theme, name, scheme)]),
  );
}

/**
 * CSS variables of every theme, per scheme, all at WCAG AA on the scheme's surfaces:
 * - Mantine's dimmed grey (gray.6 light, dark.2 dark) reads at 3.3:1 and 3.5:1; gray.7 and
 *   dark.1 pass. Its error red (red.6 light, red.8 dark) fails too; red.8 and red.4 pass. Its
 *   dark links (primary shade 4) fail on a card; the primary's readable text colour passes.
 * - `--mantine-color-<colour>-text` (what `<Text c="red">` paints) is a shade that reads
 *   (variant-colors.ts, readableTextColor): write a colour without a shade for coloured text.
 * - Our own: `--sb-color-page` (a page under cards), `--sb-color-hover` (a row or slot pointed
 *   at), `--sb-color-placeholder` (a picture not loaded yet), `--sb-color-highlight` (the
 *   yellow tint of a card just changed), `--sb-color-brand-text` (the
 *   logo's word), `--sb-focus-ring` (the outline of a focused card or row).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--sb-color-page': 'var(--mantine-color-gray-0)',
    '--sb-color-hover': 'var(--mantine-color-gray-1)',
    '--sb-color-placeholder': 'var(--mantine-color-gray-2)',
    '--sb-color-highlight': 'var(--mantine-color-yellow-0)',
    '--sb-color-brand-text': 'var(--mantine-primary-color-8)',
    '--sb-focus-ring': 'var(--mantine-primary-color-7)',
    ...textColors(theme, 'light'),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    '--sb-color-page': 'var(--mantine-color-dark-8)',
    '--sb-color-hover': 'var(--mantine-color-dark-5)',
    '--sb-color-placeholder': 'var(--mantine-color-dark-5)',
    // Darker than the cards, so their texts, made for the lighter surfaces, still read on it.
    '--sb-color-highlight': darken(theme.colors.yellow![9]!, 0.75),
    '--sb-color-brand-text': 'var(--mantine-primary-color-2)',
    '--sb-focus-ring': 'var(--mantine-primary-color-4)',
    ...textColors(theme, 'dark'),
  },
});

