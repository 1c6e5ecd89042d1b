import { allMandatoryComplete, nextCourse, type Course } from '@servicebay/domain';

export type TrainingPageKind = 'training' | 'education';

/** The search parameter naming the open course (a query, so the training guard's path check still holds). */
export const COURSE_PARAM = 'course';

/** Mandatory courses done and total, for the progress line. */
export function mandatoryProgress(courses: readonly Pick<Course, 'mandatory' | 'completed'>[]) {
  const mandatory = courses.filter((c) => c.mandatory);
  return { done: mandatory.filter((c) => c.completed).length, total: mandatory.length };
}

/**
 * What follows marking a course completed: the user's home when this completion finished the
 * mandatory training of a user who was held on /training; otherwise back to the list (or the
 * next course still to take).
 */
export function afterCompletion(
  wasUntrained: boolean,
  answer: { mandatoryTrainingComplete: boolean },
): 'home' | 'list' {
  return wasUntrained && answer.mandatoryTrainingComplete ? 'home' : 'list';
}

/** A course fetch answering 500, or failing at all, returns to the login. */
export function courseFetchReturnsToLogin(error: unknown): boolean {
  return error !== null && error !== undefined;
}

export { allMandatoryComplete, nextCourse };
