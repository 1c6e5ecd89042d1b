import {
  allMandatoryComplete,
  errors,
  isAccountLevel,
  isOwnerOrManager,
  isPartnerLevel,
  topics,
  type CourseCompletedEvent,
  type CourseCompletion,
  type CourseList,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { recordEvent } from '../../platform/outbox/outbox.repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import { createCoursesRepository } from './training.repository.js';
import { presentCourse } from './training.presenter.js';

/**
 * Who may read a user's training besides the user: those who run the user's store (owner or
 * manager roles) and the account, partner and root users above it. The route's access rule has
 * already made sure the caller may act for that store.
 */
export function mayReadTrainingOf(caller: Pick<Principal, 'id' | 'type'>, userId: string): boolean {
  if (caller.id === userId) return true;
  return isOwnerOrManager(caller.type) || isAccountLevel(caller.type) || isPartnerLevel(caller.type);
}

/** Training courses and their completions (docs/training.md). */
export function createCoursesService(deps: { db: Db; outbox: Outbox }) {
  const repo = createCoursesRepository(deps.db);
  return {
    async list(caller: Principal, userId: string): Promise<CourseList> {
      if (!mayReadTrainingOf(caller, userId)) throw errors.forbidden("Only the user or its store's managers see its training");
      const rows = await repo.coursesOf(userId);
      const course = rows.map((r) => presentCourse(r, r.completedAt));
      // The user's own flag (what the route guard reads); a user flagged untrained with no
      // mandatory course left gets through by completing any course.
      const flag = await repo.userTrainingComplete(userId);
      return { _embedded: { course }, mandatoryTrainingComplete: flag ?? allMandatoryComplete(course) };
    },

    /**
     * Completes a course for the user, in one transaction with its consequences: the user's
     * mandatoryTrainingComplete once no mandatory course is left, and user/{id}/courseCompleted.
     * Completing a course again changes nothing and publishes nothing.
     */
    async complete(userId: string, courseId: string): Promise<CourseCompletion> {
      return deps.outbox.transaction(async (tx) => {
        const repoTx = createCoursesRepository(tx);
        const course = await repoTx.activeCourse(courseId);
        if (!course) throw errors.notFound('No such course');
        const fresh = await repoTx.complete(userId, courseId);
        const done = (await repoTx.mandatoryOutstanding(userId)) === 0;
        if (done) await repoTx.markTrainingComplete(userId);
        const mandatoryTrainingComplete = (await repoTx.userTrainingComplete(userId)) ?? done;
        if (fresh) {
          const event: CourseCompletedEvent = { userId, courseId, mandatoryTrainingComplete };
          await recordEvent(tx, topics.user(userId).courseCompleted, event);
        }
        return { course: presentCourse(course, await repoTx.completedAt(userId, courseId)), mandatoryTrainingComplete };
      });
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
