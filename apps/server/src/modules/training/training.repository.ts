import { and, asc, eq, sql } from 'drizzle-orm';
import type { CourseSection } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/users.js';
import { courseCompletions, courses } from './training.schema.js';

export type CourseRow = typeof courses.$inferSelect;
export type NewCourse = Omit<typeof courses.$inferInsert, 'id' | 'createdAt' | 'sections'> & { sections: CourseSection[] };
export type CourseWithCompletion = CourseRow & { completedAt: Date | null };

export function createCoursesRepository(db: Db) {
  return {
    /** The active courses in their order, each with when this user completed it (or null). */
    async coursesOf(userId: string): Promise<CourseWithCompletion[]> {
      const rows = await db
        .select({ course: courses, completedAt: courseCompletions.completedAt })
        .from(courses)
        .leftJoin(courseCompletions, and(eq(courseCompletions.courseId, courses.id), eq(courseCompletions.userId, userId)))
        .where(eq(courses.active, true))
        .orderBy(asc(courses.rank), asc(courses.id));
      return rows.map((r) => ({ ...r.course, completedAt: r.completedAt }));
    },

    async activeCourse(courseId: string): Promise<CourseRow | null> {
      const rows = await db
        .select()
        .from(courses)
        .where(and(eq(courses.id, courseId), eq(courses.active, true)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Records the completion once; false when the user had already completed the course. */
    async complete(userId: string, courseId: string): Promise<boolean> {
      const rows = await db
        .insert(courseCompletions)
        .values({ userId, courseId })
        .onConflictDoNothing()
        .returning({ userId: courseCompletions.userId });
      return rows.length === 1;
    },

    async completedAt(userId: string, courseId: string): Promise<Date | null> {
      const rows = await db
        .select({ at: courseCompletions.completedAt })
        .from(courseCompletions)
        .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)))
        .limit(1);
      return rows[0]?.at ?? null;
    },

    /** How many active mandatory courses the user has not completed. */
    async mandatoryOutstanding(userId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(courses)
        .leftJoin(courseCompletions, and(eq(courseCompletions.courseId, courses.id), eq(courseCompletions.userId, userId)))
        .where(and(eq(courses.active, true), eq(courses.mandatory, true), sql`${courseCompletions.userId} is null`));
      return rows[0]?.n ?? 0;
    },

    /** Sets the user's mandatoryTrainingComplete. */
    async markTrainingComplete(userId: string): Promise<void> {
      await db.update(users).set({ mandatoryTrainingComplete: true }).where(eq(users.id, userId));
    },

    async userTrainingComplete(userId: string): Promise<boolean | null> {
      const rows = await db
        .select({ done: users.mandatoryTrainingComplete })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0]?.done ?? null;
    },

    async insertCourse(values: NewCourse): Promise<CourseRow> {
      const [row] = await db.insert(courses).values(values).returning();
      return row!;
    },

    async countCourses(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(courses);
      return rows[0]?.n ?? 0;
    },
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
