/** A piece of a message's text: plain text, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses only: a message may hold anything, and a javascript: or data: link must stay text.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence more often than an address.
const TRAILING = /[.,;:!?)\]}]+$/;

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Splits a message's text into text and http(s) links, in order, so links can be clicked. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    if (!isUrl(href)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
