import { describe, expect, it } from 'vitest';
import { afterCompletion, courseFetchReturnsToLogin, mandatoryProgress, nextCourse } from './training.js';

const course = (rank: number, mandatory: boolean, completed: boolean) => ({ rank, mandatory, completed });

describe('training helpers', () => {
  it('counts the mandatory courses done', () => {
    expect(mandatoryProgress([course(1, true, true), course(2, true, false), course(3, false, true)])).toEqual({ done: 1, total: 2 });
    expect(mandatoryProgress([])).toEqual({ done: 0, total: 0 });
  });

  it('sends a held user home only when the completion finished the mandatory training', () => {
    expect(afterCompletion(true, { mandatoryTrainingComplete: true })).toBe('home');
    expect(afterCompletion(true, { mandatoryTrainingComplete: false })).toBe('list');
    // A trained worker reviewing a course in Education stays on the list.
    expect(afterCompletion(false, { mandatoryTrainingComplete: true })).toBe('list');
  });

  it('offers the first mandatory course not done, then any course not done', () => {
    expect(nextCourse([course(2, false, false), course(3, true, false), course(1, true, true)])).toMatchObject({ rank: 3 });
    expect(nextCourse([course(2, false, false), course(1, true, true)])).toMatchObject({ rank: 2 });
    expect(nextCourse([course(1, true, true)])).toBeNull();
  });

  it('returns to the login on any failed course fetch', () => {
    expect(courseFetchReturnsToLogin({ status: 500 })).toBe(true);
    expect(courseFetchReturnsToLogin(new Error('offline'))).toBe(true);
    expect(courseFetchReturnsToLogin(null)).toBe(false);
  });
});
