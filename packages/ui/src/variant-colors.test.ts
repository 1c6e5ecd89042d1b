import { darken, DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme.js';
import { contrastRatio, readableTextColor, type ColorScheme } from './variant-colors.js';

const complete = (name: string) => mergeMantineTheme(DEFAULT_THEME, themeFor(name).theme);
const light = complete('default');

/**
 * The colours a CSS value of the resolver paints in a scheme, as Mantine defines its variables
 * (get-css-color-variables): transparent shows every surface text is read on (white and the grey
 * page; the dark page, its cards and a row pointed at).
 */
function paint(value: string | undefined, theme: MantineTheme, scheme: ColorScheme): string[] {
  const dark = scheme === 'dark';
  if (value === 'transparent') return dark ? theme.colors.dark!.slice(5, 8).reverse() : [theme.white, theme.colors.gray![0]!];
  if (value === 'var(--mantine-color-white)') return [theme.white];
  if (value === 'var(--mantine-color-black)') return [theme.black];
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value ?? '');
  if (shade) return [theme.colors[shade[1]!]![Number(shade[2])]!];
  const role = /^var\(--mantine-color-([a-z]+)-(filled|outline|light|light-color)\)$/.exec(value ?? '');
  if (role) {
    const tuple = theme.colors[role[1]!]!;
    const shadeOf = { filled: 7, outline: dark ? 3 : 7, 'light-color': dark ? 0 : 9, light: 1 }[role[2]!]!;
    return [role[2] === 'light' && dark ? darken(tuple[9]!, 0.5) : tuple[shadeOf]!];
  }
  return [value!];
}

/** The lowest contrast of a resolved variant's text on what it is painted over. */
function worstContrast(colors: { color?: string; background?: string }, theme: MantineTheme, scheme: ColorScheme) {
  const texts = paint(colors.color, theme, scheme);
  const backgrounds = paint(colors.background, theme, scheme);
  return Math.min(...texts.flatMap((t) => backgrounds.map((b) => contrastRatio(t, b))));
}

const resolverOf = (theme: MantineTheme) => (color: string, variant: string) =>
  theme.variantColorResolver({ color, variant, theme });

describe('the variant colour resolver', () => {
  const resolve = resolverOf(light);

  it('draws a light badge given a shade as that shade on the colour’s light tint, not in one colour twice', () => {
    expect(defaultVariantColorsResolver({ color: 'bay.9', variant: 'light', theme: light })).toMatchObject({
      background: light.colors.bay![9],
      color: 'var(--mantine-color-bay-light-color)',
    });
    const colors = resolve('bay.9', 'light');
    expect(colors).toMatchObject({
      background: 'var(--mantine-color-bay-light)',
      color: 'var(--mantine-color-bay-9)',
    });
    expect(worstContrast(colors, light, 'light')).toBeGreaterThan(4.5);
  });

  it('keeps what Mantine resolves when it already reads well', () => {
    for (const [color, variant] of [
      ['bay', 'filled'],
      ['red.9', 'filled'],
      ['gray.7', 'outline'],
      ['bay', 'light'],
    ] as const) {
      expect(resolve(color, variant)).toEqual(defaultVariantColorsResolver({ color, variant, theme: light }));
    }
  });

  it('puts black text on a filled colour too light for white', () => {
    expect(resolve('yellow.5', 'filled').color).toBe('var(--mantine-color-black)');
  });

  it('in the dark scheme, paints a light badge given a shade in the dark tint with its pale text, and lightens outlines with their border', () => {
    const dark = complete('estimates');
    const colors = resolverOf(dark)('teal.9', 'light');
    expect(colors).toMatchObject({
      background: 'var(--mantine-color-teal-light)',
      color: 'var(--mantine-color-teal-light-color)',
    });
    const outline = resolverOf(dark)('gray.7', 'outline');
    expect(outline.color).not.toBe('var(--mantine-color-gray-7)');
    expect(outline.border).toBe(`1px solid ${outline.color}`);
    expect(worstContrast(outline, dark, 'dark')).toBeGreaterThanOrEqual(4.5);
  });

  for (const name of ['default', 'napa', 'estimates'] as const) {
    it(`keeps every colour and shade at 4.5:1 or more in every coloured variant of the ${name} theme`, () => {
      const theme = complete(name);
      const scheme = themeFor(name).colorScheme;
      const resolveIn = resolverOf(theme);
      const offenders: string[] = [];
      for (const colorName of Object.keys(theme.colors)) {
        for (const color of [colorName, ...theme.colors[colorName]!.map((_, shade) => `${colorName}.${shade}`)]) {
          for (const variant of ['filled', 'light', 'outline', 'subtle', 'transparent', 'white']) {
            const ratio = worstContrast(resolveIn(color, variant), theme, scheme);
            if (ratio < 4.5) offenders.push(`${color} ${variant}: ${ratio.toFixed(2)}`);
          }
        }
      }
      expect(offenders).toEqual([]);
    });
  }
});

describe('readableTextColor', () => {
  it('keeps the shade Mantine would use when it reads, and goes stronger when it does not', () => {
    // bay.7 reads on white and the grey page; red.7 does not, red.9 does.
    expect(readableTextColor(light, 'bay', 'light')).toBe('var(--mantine-color-bay-7)');
    expect(readableTextColor(light, 'red', 'light')).toBe('var(--mantine-color-red-9)');
    const dark = complete('estimates');
    expect(readableTextColor(dark, 'red', 'dark')).toBe('var(--mantine-color-red-4)');
  });

  it('gives every colour of every theme a text colour at 4.5:1 on its scheme’s surfaces', () => {
    const offenders: string[] = [];
    for (const name of ['default', 'napa', 'estimates'] as const) {
      const theme = complete(name);
      const scheme = themeFor(name).colorScheme;
      for (const color of Object.keys(theme.colors)) {
        const ratio = worstContrast({ color: readableTextColor(theme, color, scheme), background: 'transparent' }, theme, scheme);
        if (ratio < 4.5) offenders.push(`${name} ${color}: ${ratio.toFixed(2)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
