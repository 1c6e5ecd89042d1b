import { AppError, pauseTimeTracker, startTimeTracker } from '@servicebay/domain';
import { activity, fail, stateColumns, view, type Actor, type OrderContext } from './context.js';

const disabled = () => new AppError(409, 'TIME_TRACKER_DISABLED', 'The time tracker is not enabled in this store');

/** The technician's time tracker on an order: start (work starts) and pause (the entry's seconds added). */
export function timeTrackerUseCases(ctx: OrderContext) {
  const { act } = ctx;
  return {
    async startTimeTracker(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { repo, settings, at }) => {
        if (!settings.inspectionTimeTrackerEnable) throw disabled();
        const result = fail(startTimeTracker({ ...view(row), timeTrackerRunning: row.timeTrackerStartedAt !== null }));
        await repo.startTimeEntry(storeId, id, actor.id, at);
        return { ...stateColumns(result.states), timeTrackerStartedAt: at, activities: activity(row, 'timeTrackerStarted', actor, at) };
      });
    },

    async pauseTimeTracker(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { repo, settings, at }) => {
        if (!settings.inspectionTimeTrackerEnable) throw disabled();
        fail(pauseTimeTracker({ ...view(row), timeTrackerRunning: row.timeTrackerStartedAt !== null }));
        const seconds = await repo.endTimeEntry(storeId, id, at);
        return {
          timeTrackerStartedAt: null,
          timeTrackerSeconds: row.timeTrackerSeconds + seconds,
          activities: activity(row, 'timeTrackerPaused', actor, at),
        };
      });
    },
  };
}
