import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('parseRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    [' bytes = 5 - 9 ', { start: 5, end: 9 }],
  ])('%s is one range', (header, range) => {
    expect(parseRange(header, size)).toEqual({ kind: 'partial', range });
  });

  it.each([['bytes=1000-'], ['bytes=1000-1001'], ['bytes=-0']])('%s is past the end', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it('finds nothing to serve partially in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    [undefined],
    [''],
    ['bytes=0-1,5-6'],
    ['items=0-1'],
    ['bytes=5-1'],
    ['bytes=-'],
    ['bytes=a-b'],
    ['bytes=0x10-'],
    ['bytes=1234567890123456-'],
  ])('%s serves the whole file', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'whole' });
  });
});
