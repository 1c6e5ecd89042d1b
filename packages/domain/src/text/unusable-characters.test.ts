import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  characterLabel,
  ENGLISH_CHARACTER_WORDS,
  listCharacters,
  refuseUnusableCharacters,
  unusableCharacters,
  unusableCharactersMessage,
  withoutUnusableCharacters,
} from './unusable-characters.js';

const words = ENGLISH_CHARACTER_WORDS;

describe('unusable characters of a VIN', () => {
  it('finds the characters of the VIN rule (space, hyphen, #, parenthesis) and any other non-alphanumeric, once each, in order', () => {
    expect(unusableCharacters('vin', '1HG CM-82#633A(00 4#352)')).toEqual([' ', '-', '#', '(', ')']);
    expect(unusableCharacters('vin', '1HGCM82633A00435.')).toEqual(['.']);
    expect(unusableCharacters('vin', 'WBAÉ1234567890123')).toEqual(['É']);
  });

  it('takes letters of either case and digits, I, O and Q included (they get the check-digit warning instead)', () => {
    expect(unusableCharacters('vin', '1hgcm82633a004352')).toEqual([]);
    expect(unusableCharacters('vin', '1HGCM82633AOQI352')).toEqual([]);
    expect(unusableCharacters('vin', '')).toEqual([]);
  });

  it('does not count leading and trailing spaces: the VIN is trimmed when saved', () => {
    expect(unusableCharacters('vin', '  1HGCM82633A004352 \t')).toEqual([]);
    expect(unusableCharacters('vin', ' 1HGCM 82633A004352 ')).toEqual([' ']);
  });

  it('removes them all, ends included', () => {
    expect(withoutUnusableCharacters('vin', ' 1HGCM 82633A#004352 ')).toBe('1HGCM82633A004352');
    expect(withoutUnusableCharacters('vin', '1HGCM82633A004352')).toBe('1HGCM82633A004352');
  });

  it('counts a character outside the basic plane as one', () => {
    expect(unusableCharacters('vin', '1HGCM😀82633A0043😀')).toEqual(['😀']);
    expect(withoutUnusableCharacters('vin', '1HG😀C')).toBe('1HGC');
  });
});

describe('unusable characters of a plate', () => {
  it('takes letters, digits, spaces and hyphens', () => {
    expect(unusableCharacters('licensePlate', 'abc 123')).toEqual([]);
    expect(unusableCharacters('licensePlate', 'FLT-144')).toEqual([]);
  });

  it('names anything else', () => {
    expect(unusableCharacters('licensePlate', 'AB#C (12)3.')).toEqual(['#', '(', ')', '.']);
    expect(unusableCharacters('licensePlate', 'ÉTÉ 2024')).toEqual(['É']);
    expect(withoutUnusableCharacters('licensePlate', 'AB#C 1(23)')).toBe('ABC 123');
  });
});

describe('unusable characters of a picture name', () => {
  it('names the characters a file name cannot hold and control characters', () => {
    expect(unusableCharacters('pictureName', 'front: left*?.jpg')).toEqual([':', '*', '?']);
    expect(unusableCharacters('pictureName', 'a/b\\c"d<e>f|g.jpg')).toEqual(['/', '\\', '"', '<', '>', '|']);
    expect(unusableCharacters('pictureName', 'tab\there\u007f.jpg')).toEqual(['\t', '\u007f']);
  });

  it('takes spaces, #, parentheses, accents and the like', () => {
    expect(unusableCharacters('pictureName', 'Pneu avant #2 (gauche) – été.jpg')).toEqual([]);
    expect(withoutUnusableCharacters('pictureName', 'front: left?.jpg')).toBe('front left.jpg');
  });
});

describe('labels', () => {
  it('writes a space, a non-breaking space and a comma as words, invisible characters as code points', () => {
    expect(characterLabel(' ', words)).toBe('space');
    expect(characterLabel('\u00a0', words)).toBe('non-breaking space');
    expect(characterLabel(',', words)).toBe('comma');
    expect(characterLabel('\t', words)).toBe('U+0009');
    expect(characterLabel('\u200b', words)).toBe('U+200B');
    expect(characterLabel('\u0301', words)).toBe('U+0301');
    expect(characterLabel('#', words)).toBe('#');
    expect(characterLabel('😀', words)).toBe('😀');
  });

  it('lists them in order, comma-separated, in the language given', () => {
    expect(listCharacters(['#', '(', ' '], words)).toBe('#, (, space');
    expect(listCharacters(['#', ' '], { space: 'espace', nonBreakingSpace: 'espace insécable', comma: 'virgule' })).toBe('#, espace');
  });

  it('makes the server message, singular or plural', () => {
    expect(unusableCharactersMessage(['#'])).toBe('this character cannot be used: #');
    expect(unusableCharactersMessage(['#', ' ', ','])).toBe('these characters cannot be used: #, space, comma');
  });
});

describe('refuseUnusableCharacters (zod)', () => {
  it('refuses with the message naming the characters and the code asked for', () => {
    const schema = z.object({ vin: z.string().nullable().superRefine(refuseUnusableCharacters('vin', 'VIN_IS_INVALID')) });
    const result = schema.safeParse({ vin: '1HGCM 82633A#004352' });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0] as z.core.$ZodIssueCustom;
    expect(issue).toMatchObject({ path: ['vin'], message: 'these characters cannot be used: space, #', params: { code: 'VIN_IS_INVALID' } });
  });

  it('lets usable text and null through, and adds no code unless asked', () => {
    const plate = z.string().nullable().superRefine(refuseUnusableCharacters('licensePlate'));
    expect(plate.parse('ABC 123')).toBe('ABC 123');
    expect(plate.parse(null)).toBe(null);
    const issue = plate.safeParse('AB#1').error!.issues[0] as z.core.$ZodIssueCustom;
    expect(issue.params).toBeUndefined();
    expect(issue.message).toBe('this character cannot be used: #');
  });
});
