import { expect, type Page } from '@playwright/test';

/**
 * What a badge-like element shows: its text, its colours as painted, their contrast, and whether
 * the text is cut off (an ellipsis or clipped overflow in the element or inside it).
 */
export interface BadgeContrast {
  text: string;
  color: string;
  background: string;
  ratio: number;
  cut: boolean;
}

/** The little of the DOM the in-page measure uses (the e2e project compiles without the DOM library). */
interface PageElement {
  readonly textContent: string | null;
  readonly parentElement: PageElement | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  contains(other: PageElement): boolean;
  querySelectorAll(selector: string): Iterable<PageElement>;
  getBoundingClientRect(): { width: number; height: number };
}
interface PageWindow {
  document: {
    querySelectorAll(selector: string): Iterable<PageElement>;
    createElement(tag: 'canvas'): {
      width: number;
      height: number;
      getContext(
        kind: '2d',
        options: { willReadFrequently: boolean },
      ): {
        fillStyle: string;
        clearRect(x: number, y: number, width: number, height: number): void;
        fillRect(x: number, y: number, width: number, height: number): void;
        getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> };
      } | null;
    };
  };
  getComputedStyle(element: PageElement): {
    backgroundColor: string;
    color: string;
    visibility: string;
    display: string;
    overflowX: string;
  };
}

/**
 * Badges, pills and chip labels: Mantine's, and anything whose class names it a badge, pill or chip.
 * Only the innermost such element with text is measured (a chip's root holds its label).
 */
export const BADGE_SELECTOR = [
  '.mantine-Badge-root',
  '.mantine-Pill-root',
  '.mantine-Chip-label',
  '[class*="badge" i]',
  '[class*="pill" i]',
  '[class*="chip" i]',
].join(', ');

/**
 * Measures, in the page, every visible badge's text colour against the background it is painted
 * on: the first opaque background among the element and its ancestors, with the translucent ones
 * in between composited over it (white under everything), and the text's own alpha composited
 * last. Colours are read back from a 1x1 canvas, so any CSS colour syntax (rgb, color-mix, oklch)
 * counts as painted. Returns every badge, in document order.
 */
export async function measureBadges(page: Page): Promise<BadgeContrast[]> {
  return page.evaluate((selector) => {
    type Rgba = [number, number, number, number];
    const browser = globalThis as unknown as PageWindow;
    const style = (element: PageElement) => browser.getComputedStyle(element);
    const canvas = browser.document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const parse = (css: string): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const { data } = context.getImageData(0, 0, 1, 1);
      return [data[0]!, data[1]!, data[2]!, data[3]! / 255];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const [r, g, b, a] = top;
      return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1];
    };
    const backgroundOf = (element: PageElement): Rgba => {
      const layers: Rgba[] = [];
      for (let node: PageElement | null = element; node; node = node.parentElement) {
        const layer = parse(style(node).backgroundColor);
        if (layer[3] === 0) continue;
        layers.push(layer);
        if (layer[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((under, layer) => over(layer, under), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (c: number) =>
        c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratioOf = (a: Rgba, b: Rgba) => {
      const [x, y] = [luminance(a), luminance(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const css = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
    const visible = (element: PageElement) => {
      const box = element.getBoundingClientRect();
      const { visibility, display } = style(element);
      return box.width > 0 && box.height > 0 && visibility !== 'hidden' && display !== 'none';
    };
    const cut = (element: PageElement) =>
      [element, ...element.querySelectorAll('*')].some(
        (node) => style(node).overflowX !== 'visible' && node.scrollWidth > node.clientWidth + 1,
      );
    const all = [...browser.document.querySelectorAll(selector)];
    return all
      .filter((element) => element.textContent?.trim() && visible(element))
      .filter(
        (element) =>
          !all.some((other) => other !== element && element.contains(other) && other.textContent?.trim()),
      )
      .map((element) => {
        const background = backgroundOf(element);
        const color = over(parse(style(element).color), background);
        return {
          text: element.textContent!.trim(),
          color: css(color),
          background: css(background),
          ratio: Math.round(ratioOf(color, background) * 100) / 100,
          cut: cut(element),
        };
      });
  }, BADGE_SELECTOR);
}

/**
 * Every badge, pill and chip label on the page reads at 4.5:1 or more (WCAG AA) against its own
 * background, and shows its whole text. axe cannot be relied on here: it leaves text drawn in its
 * own background colour (1:1) for a person to review instead of failing it.
 */
export async function expectReadableBadges(page: Page) {
  const offenders = (await measureBadges(page)).filter((badge) => badge.ratio < 4.5 || badge.cut);
  expect(offenders, 'badges under 4.5:1 contrast or cut off').toEqual([]);
}
