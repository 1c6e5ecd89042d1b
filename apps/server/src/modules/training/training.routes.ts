import { completeCourseRoute, listUserCoursesRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { CoursesService } from './training.service.js';

export function courseRoutes(service: CoursesService) {
  return [
    implement(listUserCoursesRoute, ({ principal, params }) => service.list(principal, params.userId)),
    implement(completeCourseRoute, ({ principal, params }) => service.complete(principal.id, params.courseId)),
  ];
}
