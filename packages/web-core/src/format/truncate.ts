import { LIMITS } from '@servicebay/domain';

/** What a shortened text ends with. */
export const ELLIPSIS = '...';

/**
 * A text shown short: its first `max` characters (25 by default), then '...', when it is longer.
 * Characters are counted as a reader sees them (an emoji or an accented letter made of two code
 * points is one), so a cut never splits one in half. White space is folded to single spaces
 * first (a text message's line breaks read as spaces on one line), and the cut drops the spaces
 * it ends on. The one helper for every short text of both apps: a chat's last message, a canned
 * message, a conversation line.
 */
export function truncateText(text: string, max: number = LIMITS.textTruncation): string {
  const folded = text.replace(/\s+/gu, ' ').trim();
  const characters = graphemes(folded);
  if (characters.length <= max) return folded;
  return `${characters.slice(0, max).join('').trimEnd()}${ELLIPSIS}`;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

function graphemes(text: string): string[] {
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (s) => s.segment);
}
