import { completeCourseRoute, listUserCoursesRoute } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The user's courses in the cache. */
export const coursesQueryKey = (userId: string) => ['courses', userId] as const;

export const coursesQuery = (api: ApiClient, userId: string) => ({
  queryKey: coursesQueryKey(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listUserCoursesRoute, { params: { userId }, signal }),
});

export function completeCourse(api: ApiClient, userId: string, courseId: string) {
  return api.call(completeCourseRoute, { params: { userId, courseId } });
}
