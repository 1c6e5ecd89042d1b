import { z } from 'zod';
import { LANGUAGES, type Language } from '../limits.js';

/**
 * Training courses (docs/training.md): what /training lists, and what a user must complete
 * before any other page (mandatory training). A course is the product's own content, the same
 * for every shop; each user's completions are kept per user.
 */

const ZLocalized = z.object({ en: z.string(), fr: z.string() });
export type Localized = z.infer<typeof ZLocalized>;

export const ZCourseSection = z.object({
  title: ZLocalized,
  /** Paragraphs of plain text, one string per paragraph. */
  body: z.object({ en: z.array(z.string()), fr: z.array(z.string()) }),
});
export type CourseSection = z.infer<typeof ZCourseSection>;

export const ZCourse = z.object({
  _id: z.string(),
  title: ZLocalized,
  summary: ZLocalized,
  mandatory: z.boolean(),
  /** Position in the list: courses are taken in this order. */
  rank: z.number().int(),
  sections: z.array(ZCourseSection),
  completed: z.boolean(),
  completedAt: z.iso.datetime().nullable(),
});
export type Course = z.infer<typeof ZCourse>;

export const ZCourseList = z.object({
  _embedded: z.object({ course: z.array(ZCourse) }),
  /** Every mandatory course is done (the user's flag follows it when a course is completed). */
  mandatoryTrainingComplete: z.boolean(),
});
export type CourseList = z.infer<typeof ZCourseList>;

/** What completing a course answers: the course, and whether the mandatory training is now done. */
export const ZCourseCompletion = z.object({
  course: ZCourse,
  mandatoryTrainingComplete: z.boolean(),
});
export type CourseCompletion = z.infer<typeof ZCourseCompletion>;

/** The realtime payload of user/{id}/courseCompleted. */
export interface CourseCompletedEvent {
  userId: string;
  courseId: string;
  mandatoryTrainingComplete: boolean;
}

/** The text of a course in the reader's language (English when the language is unknown). */
export function localized(text: Localized, language: string | undefined): string {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? text[language as Language] : text.en;
}

/** True when every mandatory course of the list is completed (vacuously true without any). */
export function allMandatoryComplete(courses: ReadonlyArray<Pick<Course, 'mandatory' | 'completed'>>): boolean {
  return courses.every((c) => !c.mandatory || c.completed);
}

/** The next course to take: the first mandatory one not done, else the first one not done, else null. */
export function nextCourse<T extends Pick<Course, 'mandatory' | 'completed' | 'rank'>>(courses: readonly T[]): T | null {
  const open = [...courses].sort((a, b) => a.rank - b.rank).filter((c) => !c.completed);
  return open.find((c) => c.mandatory) ?? open[0] ?? null;
}
