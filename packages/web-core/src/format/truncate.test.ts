import { describe, expect, it } from 'vitest';
import { LIMITS } from '@servicebay/domain';
import { ELLIPSIS, truncateText } from './truncate.js';

describe('truncateText', () => {
  it('keeps a text of 25 characters or fewer as it is', () => {
    expect(LIMITS.textTruncation).toBe(25);
    expect(truncateText('Your car is ready.')).toBe('Your car is ready.');
    const exactly = 'a'.repeat(25);
    expect(truncateText(exactly)).toBe(exactly);
    expect(truncateText('')).toBe('');
  });

  it('cuts a longer one at 25 characters and adds the ellipsis', () => {
    expect(truncateText('a'.repeat(26))).toBe(`${'a'.repeat(25)}${ELLIPSIS}`);
    expect(truncateText('Your car is ready for pickup at 5 pm.')).toBe('Your car is ready for pic...');
    expect(ELLIPSIS).toBe('...');
  });

  it('drops the spaces the cut ends on', () => {
    // The 25th character is a space: the text ends on the word before it.
    expect(truncateText(`${'a'.repeat(24)} bcd`)).toBe(`${'a'.repeat(24)}${ELLIPSIS}`);
    expect(truncateText('Van 104 needs front brake pads ($320).')).toBe('Van 104 needs front brake...');
  });

  it('reads line breaks and runs of spaces as one space', () => {
    expect(truncateText('  Hello\n\nJane,   see you  ')).toBe('Hello Jane, see you');
    expect(truncateText('Line one\nline two\nline three is longer')).toBe('Line one line two line th...');
  });

  it('counts what a reader sees as one character as one (never splits an emoji or an accent)', () => {
    const thumbs = '👍🏽'; // two code points, one character
    expect(truncateText(`${'a'.repeat(24)}${thumbs}b`)).toBe(`${'a'.repeat(24)}${thumbs}${ELLIPSIS}`);
    const e = 'e\u0301'; // é as e + combining accent
    expect(truncateText(`${e.repeat(26)}`)).toBe(`${e.repeat(25)}${ELLIPSIS}`);
  });

  it('takes another length when asked', () => {
    expect(truncateText('abcdef', 3)).toBe(`abc${ELLIPSIS}`);
    expect(truncateText('abc', 3)).toBe('abc');
  });
});
