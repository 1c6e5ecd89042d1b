import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { STAFF_ROLES } from '../roles.js';
import { ZCourseCompletion, ZCourseList } from '../training/courses.js';

export const listUserCoursesRoute = defineRoute({
  id: 'courses.listForUser',
  method: 'GET',
  path: '/v2/api/user/:userId/course',
  summary:
    "The training courses with the user's completions, in order. The user itself, or an owner or manager (or account, partner, root user) who may act for the user's store; other workers of the store get 403.",
  tag: 'training',
  access: access.user(STAFF_ROLES, 'userId'),
  params: z.strictObject({ userId: ZId }),
  response: ZCourseList,
});

export const completeCourseRoute = defineRoute({
  id: 'courses.complete',
  method: 'POST',
  path: '/v2/api/user/:userId/course/:courseId/complete',
  summary:
    'Mark a course completed by the user itself (completing it again changes nothing). When every mandatory course is done, the user\'s mandatoryTrainingComplete becomes true; user/{id}/courseCompleted is published.',
  tag: 'training',
  access: access.self(STAFF_ROLES),
  params: z.strictObject({ userId: ZId, courseId: ZId }),
  response: ZCourseCompletion,
});

export const courseRoutes = [listUserCoursesRoute, completeCourseRoute] as const;
