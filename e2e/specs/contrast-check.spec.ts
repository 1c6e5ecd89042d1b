import { expect, test } from '@playwright/test';
import { expectReadableBadges, measureBadges } from '../contrast.js';

/** The badge check itself (e2e/contrast.ts), on a page of its own: no server needed. */
test('the badge check reports text in its own background colour and cut-off text, and passes readable badges', async ({
  page,
}) => {
  await page.setContent(`
    <body style="background: #ffffff">
      <span class="mantine-Badge-root" style="color: #004d6b; background: #004d6b">Same colour</span>
      <div style="background: rgb(0, 0, 0)">
        <span class="status-pill" style="color: rgba(255, 255, 255, 0.2); background: rgba(255, 255, 255, 0.1)">Faint</span>
      </div>
      <label class="mantine-Chip-label" style="color: color-mix(in srgb, #ffffff, #004d6b 5%)">Pale on white</label>
      <span class="mantine-Badge-root" style="color: #004d6b; background: #cfe6ee"><span>Readable</span></span>
      <span class="mantine-Badge-root" style="color: #fff; background: #fff; display: none">Hidden</span>
      <span class="mantine-Badge-root" style="display: inline-block; width: 30px; color: #004d6b; background: #cfe6ee"><span style="display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Active</span></span>
    </body>`);

  const badges = await measureBadges(page);
  expect(badges.map(({ text, ratio, cut }) => ({ text, dim: ratio < 4.5, cut }))).toEqual([
    { text: 'Same colour', dim: true, cut: false },
    { text: 'Faint', dim: true, cut: false },
    { text: 'Pale on white', dim: true, cut: false },
    { text: 'Readable', dim: false, cut: false },
    { text: 'Active', dim: false, cut: true },
  ]);
  expect(badges[0]).toMatchObject({ color: 'rgb(0, 77, 107)', background: 'rgb(0, 77, 107)', ratio: 1 });
  // White at 10 % over black, then white text at 20 % over that.
  expect(badges[1]).toMatchObject({ background: 'rgb(26, 26, 26)', color: 'rgb(72, 72, 72)' });

  await expect(expectReadableBadges(page)).rejects.toThrow(
    /Same colour[\s\S]*Faint[\s\S]*Pale on white[\s\S]*Active/,
  );
  await page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<{ remove(): void }> };
    };
    for (const node of [...document.querySelectorAll('body > :not(:nth-child(4))')]) node.remove();
  });
  await expectReadableBadges(page);
});
