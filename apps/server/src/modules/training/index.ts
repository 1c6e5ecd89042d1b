/** The training module's front door: courses and their completion. */
export { createCoursesService, type CoursesService } from './training.service.js';
export { courseRoutes } from './training.routes.js';
