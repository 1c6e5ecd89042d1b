import { ZCourseSection, type Course } from '@servicebay/domain';
import type { CourseRow } from './training.repository.js';

/** A course as the API shows it, with this user's completion. */
export function presentCourse(row: CourseRow, completedAt: Date | null): Course {
  const sections = ZCourseSection.array().safeParse(row.sections);
  return {
    _id: row.id,
    title: { en: row.titleEn, fr: row.titleFr },
    summary: { en: row.summaryEn, fr: row.summaryFr },
    mandatory: row.mandatory,
    rank: row.rank,
    sections: sections.success ? sections.data : [],
    completed: completedAt !== null,
    completedAt: completedAt?.toISOString() ?? null,
  };
}
