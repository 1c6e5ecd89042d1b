import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineImportsOf, mantineStylesheetsFor } from './mantine-styles.js';

const main = createRequire(import.meta.url).resolve('@mantine/core');
const coreDir = main.slice(0, main.lastIndexOf(`${path.sep}cjs${path.sep}`));
const before = (list: string[], first: string, then: string) => {
  expect(list).toContain(first);
  expect(list).toContain(then);
  expect(list.indexOf(first)).toBeLessThan(list.indexOf(then));
};

describe('mantineStylesheetsFor', () => {
  it('brings what a component is built from, before it', () => {
    const list = mantineStylesheetsFor(['Modal'], coreDir);
    for (const dependency of ['ModalBase', 'Overlay', 'CloseButton', 'Paper']) before(list, dependency, 'Modal');
    expect(list).not.toContain('Button');
  });

  it('finds stylesheets of nested folders and of utilities', () => {
    const list = mantineStylesheetsFor(['Checkbox'], coreDir);
    before(list, 'CheckboxIndicator', 'Checkbox');
    before(list, 'InlineInput', 'Checkbox');
  });

  it('follows a component of no stylesheet of its own to what draws it', () => {
    const list = mantineStylesheetsFor(['Autocomplete'], coreDir);
    expect(list).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Popover']));
  });

  it('lists each stylesheet once and nothing for names that are not components', () => {
    const list = mantineStylesheetsFor(['Button', 'Button', 'useMantineTheme', 'rem'], coreDir);
    expect(list).toEqual(['UnstyledButton', 'Loader', 'Button']);
  });
});

describe('mantineImportsOf', () => {
  it('reads the values imported from @mantine/core, not types and not tests', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mantine-styles-'));
    writeFileSync(
      path.join(dir, 'Page.tsx'),
      "import { Button, type ButtonProps, Modal as Dialog } from '@mantine/core';\nimport type { MantineTheme } from '@mantine/core';\n",
    );
    writeFileSync(path.join(dir, 'Page.test.tsx'), "import { Table } from '@mantine/core';\n");
    expect([...mantineImportsOf([dir])].sort()).toEqual(['Button', 'Modal']);
  });
});
