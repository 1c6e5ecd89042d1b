import { closeOrder, finishOrder, reopenOrder, setStepState, type OrderStateRequest, type PartsState } from '@servicebay/domain';
import type { OrderChange } from '../repair-orders.repository.js';
import { activity, fail, stateColumns, STEP_FIELDS, view, type Actor, type OrderContext } from './context.js';

/** The state machine's actions on an open order: a step's state, finish, reopen, close. */
export function orderStatesUseCases(ctx: OrderContext) {
  const { act } = ctx;
  return {
    async setState(storeId: string, id: string, body: OrderStateRequest, actor: Actor) {
      return act(storeId, id, actor, async (row) => {
        const states = fail(setStepState(view(row), body.state, body.value as PartsState));
        return { [STEP_FIELDS[body.state]]: states[body.state] } as OrderChange;
      });
    },

    async canBeFinished(storeId: string, id: string) {
      return { cannotBeFinishedReason: await ctx.cannotBeFinishedReason(ctx.readRepo, ctx.deps.db, storeId, id) };
    },

    async finish(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { tx, repo, at }) => {
        const reason = await ctx.cannotBeFinishedReason(repo, tx, storeId, id);
        const result = fail(finishOrder(view(row), reason));
        return { ...stateColumns(result.states), finished: true, activities: activity(row, 'inspectionFinished', actor, at) };
      });
    },

    async reopen(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { at }) => {
        const result = fail(reopenOrder(view(row)));
        return { ...stateColumns(result.states), finished: false, activities: activity(row, 'reopened', actor, at) };
      });
    },

    async close(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { repo, at }) => {
        fail(closeOrder(view(row)));
        const change: OrderChange = { closed: true, closedAt: at, activities: activity(row, 'closed', actor, at) };
        if (row.timeTrackerStartedAt) {
          const seconds = await repo.endTimeEntry(storeId, id, at);
          Object.assign(change, { timeTrackerStartedAt: null, timeTrackerSeconds: row.timeTrackerSeconds + seconds });
        }
        return change;
      });
    },
  };
}
