import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectReadableBadges } from './contrast.js';
import { saveScreen } from './screens.js';

const TAGS = ['wcag2a', 'wcag2aa'];
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * axe's findings on the page. A page without frames is checked in place: axe is loaded once per
 * document (a spec checks the same page several times) and asked for violations only. A page
 * with frames goes through @axe-core/playwright, which checks inside each frame too.
 */
async function violationsOf(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    interface AxeResults {
      violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, TAGS);
}

/**
 * Every page is checked against WCAG 2 A and AA (architecture decision 12), its badges measured
 * for contrast and whole text (e2e/contrast.ts: axe leaves text drawn in its own background's
 * colour for a person to review), and saved as a screenshot when E2E_SCREENS=1 (e2e/screens.ts).
 */
export async function expectAccessible(page: Page) {
  // A modal or menu still fading in has its text at part opacity, which axe reads as low contrast:
  // wait for finite animations and transitions to end (spinners loop forever and are left alone).
  await page
    .waitForFunction(
      'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)',
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  expect(await violationsOf(page)).toEqual([]);
  await expectReadableBadges(page);
  await saveScreen(page);
}
