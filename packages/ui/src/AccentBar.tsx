import { Box, useMantineTheme, type BoxProps } from '@mantine/core';
import type { ThemeExtras } from './theme.js';

/**
 * The theme's bar of colour (NAPA's yellow under the staff header and over the report): decoration
 * only, hidden from screen readers. Nothing in a theme without one.
 */
export function AccentBar(props: BoxProps) {
  const color = (useMantineTheme().other as ThemeExtras).accentBar;
  if (!color) return null;
  return <Box aria-hidden h={4} bg={color} data-accent-bar {...props} />;
}
