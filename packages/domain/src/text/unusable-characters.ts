import type { z } from 'zod';
import type { ErrorCode } from '../errors.js';

/**
 * Characters a typed field cannot hold. The staff app names them under the field as they are
 * typed and offers to remove them; the server refuses a save holding any of them (400, naming
 * them). One rule per field, used by both sides.
 *
 * - `vin`: letters A-Z (either case; saved upper-cased) and digits only, the alphabet of a VIN.
 *   I, O and Q are letters here: they get the VIN check's warning and its likely correction.
 * - `licensePlate`: letters A-Z (either case), digits, spaces and hyphens.
 * - `pictureName`: anything but `/ \ : * ? " < > |` and control characters, the characters a
 *   file name cannot hold on the systems pictures are downloaded to.
 *
 * Leading and trailing spaces are not counted: every one of these fields is trimmed when saved.
 */
export const UNUSABLE_CHARACTER_FIELDS = ['vin', 'licensePlate', 'pictureName'] as const;
export type UnusableCharacterField = (typeof UNUSABLE_CHARACTER_FIELDS)[number];

const USABLE_VIN = /^[A-Za-z0-9]$/;
const USABLE_PLATE = /^[A-Za-z0-9 -]$/;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNUSABLE_IN_PICTURE_NAME = /^[\\/:*?"<>|\u0000-\u001f\u007f]$/;

function isUnusable(field: UnusableCharacterField, char: string): boolean {
  switch (field) {
    case 'vin':
      return !USABLE_VIN.test(char);
    case 'licensePlate':
      return !USABLE_PLATE.test(char);
    case 'pictureName':
      return UNUSABLE_IN_PICTURE_NAME.test(char);
  }
}

/** The distinct characters of `value` the field cannot hold, in order of first appearance. */
export function unusableCharacters(field: UnusableCharacterField, value: string): string[] {
  const found = new Set<string>();
  // By code point, so a character outside the BMP (an emoji) is one character.
  for (const char of value.trim()) if (isUnusable(field, char)) found.add(char);
  return [...found];
}

/** `value` without the characters the field cannot hold (what "Remove them" leaves). */
export function withoutUnusableCharacters(field: UnusableCharacterField, value: string): string {
  return [...value].filter((char) => !isUnusable(field, char)).join('');
}

/** Words for the characters that would be invisible, or confusing in a comma-separated list. */
export interface CharacterWords {
  space: string;
  nonBreakingSpace: string;
  comma: string;
}

export const ENGLISH_CHARACTER_WORDS: CharacterWords = {
  space: 'space',
  nonBreakingSpace: 'non-breaking space',
  comma: 'comma',
};

const INVISIBLE = /^[\p{C}\p{Z}\p{M}]$/u;

/**
 * How a character is shown in the list: a space, a non-breaking space and a comma as words; any
 * other character that shows nothing by itself (control, format, other spaces, a lone combining
 * mark) as its code point, e.g. U+200B; every other character as itself.
 */
export function characterLabel(char: string, words: CharacterWords): string {
  if (char === ' ') return words.space;
  if (char === '\u00a0') return words.nonBreakingSpace;
  if (char === ',') return words.comma;
  if (INVISIBLE.test(char)) return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return char;
}

/** The characters as the prompt lists them: `#, (, space`. */
export function listCharacters(chars: readonly string[], words: CharacterWords): string {
  return chars.map((char) => characterLabel(char, words)).join(', ');
}

/** The server's message (English, for logs and API readers): `these characters cannot be used: #, space`. */
export function unusableCharactersMessage(chars: readonly string[]): string {
  return `${chars.length === 1 ? 'this character cannot be used' : 'these characters cannot be used'}: ${listCharacters(chars, ENGLISH_CHARACTER_WORDS)}`;
}

/**
 * A zod check refusing a string holding characters the field cannot hold; the issue names them,
 * and carries `code` (VIN_IS_INVALID for a VIN) when the refusal has a product code of its own.
 */
export function refuseUnusableCharacters(field: UnusableCharacterField, code?: ErrorCode) {
  return (value: string | null | undefined, ctx: z.RefinementCtx) => {
    if (typeof value !== 'string') return;
    const chars = unusableCharacters(field, value);
    if (!chars.length) return;
    ctx.addIssue({ code: 'custom', message: unusableCharactersMessage(chars), ...(code ? { params: { code } } : {}) });
  };
}
