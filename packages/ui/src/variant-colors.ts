import {
  darken,
  defaultVariantColorsResolver,
  lighten,
  luminance,
  parseThemeColor,
  type MantineColorScheme,
  type MantineTheme,
  type VariantColorResolverResult,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG AA for normal-size text. */
export const READABLE_CONTRAST = 4.5;

export type ColorScheme = Exclude<MantineColorScheme, 'auto'>;

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * What text is read on, per scheme, when nothing of its own is painted under it: the page and
 * the surfaces the apps put on it (white and the report's grey page; in the dark scheme the page,
 * the cards a shade lighter, and a table row pointed at, lighter still). Text must read on each;
 * the last is the hardest.
 */
export function surfacesOf(theme: MantineTheme, scheme: ColorScheme): string[] {
  const dark = theme.colors.dark!;
  return scheme === 'light' ? [theme.white, theme.colors.gray![0]!] : [dark[7]!, dark[6]!, dark[5]!];
}

const readsOn = (text: string, surfaces: readonly string[]) =>
  surfaces.every((surface) => contrastRatio(text, surface) >= READABLE_CONTRAST);

/**
 * `text` made darker (on light surfaces) or lighter (on dark ones) in small steps until it reads
 * at 4.5:1 on every surface; black or white at worst.
 */
export function adjustedUntilReadable(text: string, surfaces: readonly string[]): string {
  const onLight = contrastRatio('#000', surfaces[0]!) >= contrastRatio('#fff', surfaces[0]!);
  const adjust = onLight ? darken : lighten;
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? text : adjust(text, amount);
    if (readsOn(candidate, surfaces)) return candidate;
  }
  return onLight ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)';
}

/**
 * The text colour of a theme colour named without a shade (`<Text c="red">`, Mantine's
 * `--mantine-color-red-text`): the first of its shades, from the one Mantine uses towards the
 * stronger end (darker in light, lighter in dark), that reads at 4.5:1 on the scheme's surfaces,
 * else the last one adjusted until it does.
 */
export function readableTextColor(theme: MantineTheme, color: string, scheme: ColorScheme): string {
  const shades = theme.colors[color]!;
  const surfaces = surfacesOf(theme, scheme);
  const order = scheme === 'light' ? [7, 8, 9] : [4, 3, 2, 1, 0];
  for (const shade of order) {
    if (readsOn(shades[shade]!, surfaces)) return `var(--mantine-color-${color}-${shade})`;
  }
  return adjustedUntilReadable(shades[order.at(-1)!]!, surfaces);
}

const SHADE_VARIABLE = /^var\(--mantine-color-([a-z]+)-(\d)\)$/;
const ROLE_VARIABLE = /^var\(--mantine-color-([a-z]+)-(filled|light|light-color|outline|text)\)$/;

function primaryShade(theme: MantineTheme, scheme: ColorScheme): number {
  return typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
}

/** The shade Mantine gives each colour role in a scheme (its CSS variables, get-css-color-variables). */
function roleColor(theme: MantineTheme, color: string, role: string, scheme: ColorScheme): string | undefined {
  const tuple = theme.colors[color];
  if (!tuple) return undefined;
  const primary = primaryShade(theme, scheme);
  if (scheme === 'light') {
    return tuple[{ filled: primary, outline: primary, text: primary, light: 1, 'light-color': 9 }[role]!];
  }
  if (role === 'light') return darken(tuple[9]!, 0.5);
  return tuple[{ filled: primary, outline: Math.max(primary - 4, 0), text: 4, 'light-color': 0 }[role]!];
}

/**
 * The colour a resolved value paints in the scheme, or undefined when it cannot be known here
 * (gradients, inherit, Mantine's neutral defaults). Transparent shows the scheme's surface.
 */
function paintedColor(value: string | undefined, theme: MantineTheme, scheme: ColorScheme): string | undefined {
  if (!value || value === 'inherit' || value === 'none' || value.includes('gradient')) return undefined;
  if (value === 'transparent') return surfacesOf(theme, scheme).at(-1);
  if (value === 'var(--mantine-color-white)') return theme.white;
  if (value === 'var(--mantine-color-black)') return theme.black;
  const shade = SHADE_VARIABLE.exec(value);
  if (shade) return theme.colors[shade[1]!]?.[Number(shade[2])];
  const role = ROLE_VARIABLE.exec(value);
  if (role) return roleColor(theme, role[1]!, role[2]!, scheme);
  return value.startsWith('var(') ? undefined : value;
}

/**
 * Keeps the resolved text at 4.5:1 or more on its own background: white or black text on a
 * filled colour becomes whichever of the two reads better, and coloured text is darkened (on a
 * light background) or lightened (on a dark one). In the dark scheme an outline's border takes the adjusted
 * text colour, so the outline shows on the dark page. Anything already readable is left exactly
 * as Mantine resolved it.
 */
function withReadableText(
  colors: VariantColorResolverResult,
  theme: MantineTheme,
  scheme: ColorScheme,
  variant: string,
): VariantColorResolverResult {
  const background = paintedColor(colors.background, theme, scheme);
  const text = paintedColor(colors.color, theme, scheme);
  if (!background || !text || contrastRatio(text, background) >= READABLE_CONTRAST) return colors;
  if (text === theme.white || text === theme.black) {
    const white = contrastRatio(theme.white, background);
    const black = contrastRatio(theme.black, background);
    return { ...colors, color: white >= black ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)' };
  }
  const color = adjustedUntilReadable(text, [background]);
  const border = scheme === 'dark' && variant === 'outline' ? `1px solid ${color}` : colors.border;
  return { ...colors, color, border };
}

/**
 * Mantine's colours per variant, made readable in one colour scheme (each theme of
 * theme.ts has the resolver of its scheme). Mantine paints a light variant given a shade
 * (`color="teal.9" variant="light"`) with that shade as the background and its colour's dark
 * light-text on top, the same colour twice (contrast 1:1): here it is the colour's light tint
 * with the given shade as text in the light scheme, and Mantine's dark tint with its pale text
 * in the dark scheme (a shade picked for a white page means nothing on a dark one). Every
 * variant's text is then kept at WCAG AA on its background.
 */
export function readableVariantColors(scheme: ColorScheme): VariantColorsResolver {
  return (input) => {
    const colors = defaultVariantColorsResolver(input);
    const parsed = parseThemeColor({ color: input.color, theme: input.theme });
    if (input.variant === 'light' && parsed.isThemeColor && parsed.shade !== undefined) {
      colors.background = `var(--mantine-color-${parsed.color}-light)`;
      colors.hover = `var(--mantine-color-${parsed.color}-light-hover)`;
      colors.color =
        scheme === 'light' ? `var(--mantine-color-${parsed.color}-${parsed.shade})` : `var(--mantine-color-${parsed.color}-light-color)`;
    }
    return withReadableText(colors, input.theme, scheme, input.variant ?? '');
  };
}

/** The light scheme's resolver (the default and NAPA themes). */
export const variantColorResolver = readableVariantColors('light');
