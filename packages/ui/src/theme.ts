import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { variantColorResolver } from './variant-colors.js';

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

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  colors: { bay },
  primaryColor: 'bay',
  // Shade 7 keeps white button text above the 4.5:1 contrast of WCAG AA; Mantine's default 6 does not.
  primaryShade: { light: 7, dark: 5 },
  // System fonts: nothing to download, so the apps look right offline.
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Badges, buttons and every other variant keep their text at 4.5:1 on their own background.
  variantColorResolver,
  components: {
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // A badge is never narrower than its text: Mantine lets it shrink to an ellipsis ("AC…" for
    // Active in a table cell).
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
});

/**
 * Mantine's dimmed grey (gray.6) reads at 3.3:1 on white; gray.7 passes WCAG AA. Its error red
 * (red.6) fails AA for small text too; red.8 passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
