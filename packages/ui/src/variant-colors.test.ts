import { DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme as overrides } from './theme.js';
import { contrastRatio, variantColorResolver } from './variant-colors.js';

const theme = mergeMantineTheme(DEFAULT_THEME, overrides);

/** What a CSS colour value of the resolver paints in the light scheme (white page under transparent). */
function paint(value: string | undefined): string {
  if (value === 'transparent' || value === 'var(--mantine-color-white)') return theme.white;
  if (value === 'var(--mantine-color-black)') return theme.black;
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value ?? '');
  if (shade) return theme.colors[shade[1]!]![Number(shade[2])]!;
  const light = /^var\(--mantine-color-([a-z]+)-light\)$/.exec(value ?? '');
  if (light) return theme.colors[light[1]!]![1]!;
  const role = /^var\(--mantine-color-([a-z]+)-(filled|outline)\)$/.exec(value ?? '');
  if (role) return theme.colors[role[1]!]![7]!;
  const lightColor = /^var\(--mantine-color-([a-z]+)-light-color\)$/.exec(value ?? '');
  if (lightColor) return theme.colors[lightColor[1]!]![9]!;
  return value!;
}

const resolve = (color: string, variant: string) => variantColorResolver({ color, variant, theme });

describe('variantColorResolver', () => {
  it('draws a light badge given a shade as that shade on the colour’s light tint, not in one colour twice', () => {
    expect(defaultVariantColorsResolver({ color: 'bay.9', variant: 'light', theme })).toMatchObject({
      background: theme.colors.bay![9],
      color: 'var(--mantine-color-bay-light-color)',
    });
    const colors = resolve('bay.9', 'light');
    expect(colors).toMatchObject({
      background: 'var(--mantine-color-bay-light)',
      color: 'var(--mantine-color-bay-9)',
    });
    expect(contrastRatio(paint(colors.color), paint(colors.background))).toBeGreaterThan(4.5);
  });

  it('keeps what Mantine resolves when it already reads well', () => {
    for (const [color, variant] of [
      ['bay', 'filled'],
      ['red.9', 'filled'],
      ['gray.7', 'outline'],
      ['bay', 'light'],
    ] as const) {
      expect(resolve(color, variant)).toEqual(defaultVariantColorsResolver({ color, variant, theme }));
    }
  });

  it('puts black text on a filled colour too light for white', () => {
    expect(resolve('yellow.5', 'filled').color).toBe('var(--mantine-color-black)');
  });

  it('keeps every theme colour and shade at 4.5:1 or more in every coloured variant', () => {
    const offenders: string[] = [];
    for (const name of Object.keys(theme.colors)) {
      for (const color of [name, ...theme.colors[name]!.map((_, shade) => `${name}.${shade}`)]) {
        for (const variant of ['filled', 'light', 'outline', 'subtle', 'transparent', 'white']) {
          const colors = resolve(color, variant);
          const ratio = contrastRatio(paint(colors.color), paint(colors.background));
          if (ratio < 4.5) offenders.push(`${color} ${variant}: ${ratio.toFixed(2)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
