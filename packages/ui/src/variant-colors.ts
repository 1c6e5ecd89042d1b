import {
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type MantineTheme,
  type VariantColorResolverResult,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG AA for normal-size text. */
export const READABLE_CONTRAST = 4.5;

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const SHADE_VARIABLE = /^var\(--mantine-color-([a-z]+)-(\d)\)$/;
const ROLE_VARIABLE = /^var\(--mantine-color-([a-z]+)-(filled|light|light-color|outline|text)\)$/;

/**
 * The colour a resolved value paints in the light scheme, or undefined when it cannot be known
 * here (gradients, inherit, Mantine's neutral defaults). Transparent shows the white page.
 */
function paintedColor(value: string | undefined, theme: MantineTheme): string | undefined {
  if (!value || value === 'inherit' || value === 'none' || value.includes('gradient')) return undefined;
  if (value === 'transparent' || value === 'var(--mantine-color-white)') return theme.white;
  if (value === 'var(--mantine-color-black)') return theme.black;
  const shade = SHADE_VARIABLE.exec(value);
  if (shade) return theme.colors[shade[1]!]?.[Number(shade[2])];
  const role = ROLE_VARIABLE.exec(value);
  if (role) {
    const tuple = theme.colors[role[1]!];
    const primary = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
    const index = { filled: primary, outline: primary, text: primary, light: 1, 'light-color': 9 }[role[2]!]!;
    return tuple?.[index];
  }
  return value.startsWith('var(') ? undefined : value;
}

/** `text` darkened in small steps until it reads at 4.5:1 on `background` (black at worst). */
function darkenedUntilReadable(text: string, background: string): string {
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const candidate = darken(text, amount);
    if (contrastRatio(candidate, background) >= READABLE_CONTRAST) return candidate;
  }
  return 'var(--mantine-color-black)';
}

/**
 * Keeps the resolved text at 4.5:1 or more on its own background: white or black text on a
 * filled colour becomes whichever of the two reads better, and coloured text is darkened.
 * Anything already readable is left exactly as Mantine resolved it.
 */
function withReadableText(
  colors: VariantColorResolverResult,
  theme: MantineTheme,
): VariantColorResolverResult {
  const background = paintedColor(colors.background, theme);
  const text = paintedColor(colors.color, theme);
  if (!background || !text || contrastRatio(text, background) >= READABLE_CONTRAST) return colors;
  if (text === theme.white || text === theme.black) {
    const white = contrastRatio(theme.white, background);
    const black = contrastRatio(theme.black, background);
    return { ...colors, color: white >= black ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)' };
  }
  return { ...colors, color: darkenedUntilReadable(text, background) };
}

/**
 * Mantine's colours per variant, made readable. Mantine paints a light variant given a shade
 * (`color="teal.9" variant="light"`) with that shade as the background and its colour's dark
 * light-text on top, the same colour twice (contrast 1:1): here the colour's light tint is the
 * background and the given shade the text, as the light variant of a plain colour looks.
 * Every variant's text is then kept at WCAG AA on its background (the apps are light only).
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (input.variant === 'light' && parsed.isThemeColor && parsed.shade !== undefined) {
    colors.background = `var(--mantine-color-${parsed.color}-light)`;
    colors.hover = `var(--mantine-color-${parsed.color}-light-hover)`;
    colors.color = `var(--mantine-color-${parsed.color}-${parsed.shade})`;
  }
  return withReadableText(colors, input.theme);
};
