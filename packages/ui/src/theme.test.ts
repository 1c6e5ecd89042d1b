import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, NAPA_YELLOW, storeTheme, themeFor } from './theme.js';

describe('themeFor', () => {
  it('shows default as ServiceBay’s light theme', () => {
    const chosen = themeFor('default');
    expect(chosen).toMatchObject({ name: 'default', colorScheme: 'light' });
    expect(chosen.theme.primaryColor).toBe('bay');
    expect(chosen.theme.other).toEqual({});
  });

  it('shows napa light, in NAPA’s blue, with the yellow bar', () => {
    const chosen = themeFor('napa');
    expect(chosen).toMatchObject({ name: 'napa', colorScheme: 'light' });
    expect(chosen.theme.primaryColor).toBe('napa');
    expect(chosen.theme.colors?.napa?.[7]).toBe('#0a3d91');
    expect(chosen.theme.other).toEqual({ accentBar: NAPA_YELLOW });
  });

  it('shows estimates in the dark scheme, in ServiceBay’s colour', () => {
    const chosen = themeFor('estimates');
    expect(chosen).toMatchObject({ name: 'estimates', colorScheme: 'dark' });
    expect(chosen.theme.primaryColor).toBe('bay');
    // No link colour is both readable on the dark page and 3:1 apart from its text: links are underlined.
    expect(chosen.theme.components?.Anchor?.defaultProps).toEqual({ underline: 'always' });
    expect(themeFor('default').theme.components?.Anchor).toBeUndefined();
  });

  it('shows anything else, or nothing, as default', () => {
    for (const value of [undefined, null, '', 'pink', 'NAPA', 'dark', 42, {}]) {
      expect(storeTheme(value)).toBe('default');
      expect(themeFor(value)).toBe(themeFor('default'));
    }
  });
});

describe('cssVariablesResolver', () => {
  it('gives each scheme its own readable dimmed, error and text colours', () => {
    const variables = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, themeFor('estimates').theme));
    expect(variables.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(variables.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
    expect(variables.dark['--mantine-color-error']).toBe('var(--mantine-color-red-4)');
    expect(variables.light['--mantine-color-red-text']).toBe('var(--mantine-color-red-9)');
    expect(variables.dark['--mantine-color-red-text']).toBe('var(--mantine-color-red-4)');
    expect(variables.dark['--sb-color-page']).toBe('var(--mantine-color-dark-8)');
    expect(variables.dark['--mantine-color-anchor']).toBe('var(--mantine-color-bay-text)');
    expect(variables.dark['--mantine-color-bay-text']).toBe('var(--mantine-color-bay-3)');
  });
});
