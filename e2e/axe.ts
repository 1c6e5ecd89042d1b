import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectReadableBadges } from './contrast.js';
import { saveScreen } from './screens.js';

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
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
  await expectReadableBadges(page);
  await saveScreen(page);
}
