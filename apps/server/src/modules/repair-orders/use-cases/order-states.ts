import { closeOrder, reopenOrder, setStepState, type OrderStateRequest, type PartsState } from '@servicebay/domain';
import type { OrderChange } from '../repair-orders.repository.js';
import { activity, fail, stateColumns, STEP_FIELDS, stopTimeTracker, view, type Actor, type OrderContext } from './context.js';

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
      const refusal = await ctx.finishRefusal(ctx.readRepo, ctx.deps.db, storeId, id);
      return refusal?.blockers
        ? { cannotBeFinishedReason: refusal.reason, blockers: refusal.blockers }
        : { cannotBeFinishedReason: refusal?.reason ?? null };
    },

    async finish(storeId: string, id: string, actor: Actor) {
      return act(storeId, id, actor, async (row, { tx, repo, at }) => ctx.finishChange(repo, tx, row, actor, at));
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
        return {
          closed: true,
          closedAt: at,
          activities: activity(row, 'closed', actor, at),
          ...(await stopTimeTracker(repo, row, at)),
        } satisfies OrderChange;
      });
    },
  };
}
