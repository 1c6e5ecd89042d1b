import { completeCourseRoute, listUserCoursesRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createCoursesService } from './training.service.js';

export function courseRoutes(platform: Platform) {
  const service = createCoursesService({ db: platform.database.db, outbox: platform.outbox });
  return [
    implement(listUserCoursesRoute, ({ principal, params }) => service.list(principal, params.userId)),
    implement(completeCourseRoute, ({ principal, params }) => service.complete(principal.id, params.courseId)),
  ];
}
