import { describe, expect, it } from 'vitest';
import { allMandatoryComplete, localized, nextCourse } from './courses.js';

describe('courses', () => {
  it('reads a text in the reader’s language, English otherwise', () => {
    const text = { en: 'Shop safety', fr: 'Sécurité à l’atelier' };
    expect(localized(text, 'fr')).toBe('Sécurité à l’atelier');
    expect(localized(text, 'en')).toBe('Shop safety');
    expect(localized(text, 'de')).toBe('Shop safety');
    expect(localized(text, undefined)).toBe('Shop safety');
  });

  it('counts only mandatory courses towards the mandatory training', () => {
    expect(allMandatoryComplete([{ mandatory: true, completed: true }, { mandatory: false, completed: false }])).toBe(true);
    expect(allMandatoryComplete([{ mandatory: true, completed: false }, { mandatory: false, completed: true }])).toBe(false);
    expect(allMandatoryComplete([])).toBe(true);
  });

  it('offers the first mandatory course not done by rank, then any course not done', () => {
    const course = (rank: number, mandatory: boolean, completed: boolean) => ({ rank, mandatory, completed });
    expect(nextCourse([course(3, true, false), course(1, false, false), course(2, true, false)])).toEqual(course(2, true, false));
    expect(nextCourse([course(3, true, true), course(1, false, false)])).toEqual(course(1, false, false));
    expect(nextCourse([course(1, true, true)])).toBeNull();
  });
});
