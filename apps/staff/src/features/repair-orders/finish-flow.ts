import {
  afterFinishDestination,
  FINISH_REASONS,
  isSignOffRequired,
  planFinish,
  STAFF_PATHS,
  ZFinishBlockers,
  type FinishBlockers,
  type RepairOrder,
  type StoreSettings,
} from '@servicebay/domain';
import { en } from '@servicebay/locales/en';
import { ApiError } from '@servicebay/web-core';
import { orderPaths, routerPath, workOrderPaths } from '../../paths.js';

/**
 * Finishing an order on the staff side, as pure steps around the domain's `planFinish` and
 * `afterFinishDestination`: what to do with the server's answer to "can it be finished", which
 * refusal the finish-conditions modal shows, what any other failure says, and where the user goes
 * next. `useFinishOrder` runs them with the API, the dialogs and the router.
 */

/** What finishing does once the server answered and, if it was asked, the user confirmed. */
export type FinishStep =
  /** The server's reason: nothing is finished, the finish-conditions modal shows it. */
  | { kind: 'refused'; reason: string }
  /** Sign-off first: go to the sign-off page, which finishes once signed. */
  | { kind: 'signOff' }
  /** The user declined the no-resend warning: nothing happens. */
  | { kind: 'cancelled' }
  /** Finish the order (`POST .../finish`, or the sign-off page's upload). */
  | { kind: 'submit' };

/**
 * The finish rules applied to one attempt: refused for the server's reason; sign-off first where
 * the store requires it, unless already on the sign-off page; for an order already finished whose
 * integration will not send its results again (PBS), the warning is asked (`confirmNoResend`) and
 * a "no" cancels; else submit.
 */
export async function decideFinish(
  input: {
    cannotBeFinishedReason: string | null;
    settings: Pick<StoreSettings, 'auditStore' | 'integration'>;
    onSignOffPage: boolean;
    alreadyFinished: boolean;
  },
  confirmNoResend: () => Promise<boolean>,
): Promise<FinishStep> {
  const rules = {
    cannotBeFinishedReason: input.cannotBeFinishedReason,
    signOffRequired: isSignOffRequired(input.settings),
    onSignOffPage: input.onSignOffPage,
    alreadyFinished: input.alreadyFinished,
    integration: input.settings.integration,
  };
  let plan = planFinish(rules);
  if (plan.kind === 'confirmNoResend') {
    if (!(await confirmNoResend())) return { kind: 'cancelled' };
    plan = planFinish({ ...rules, noResendConfirmed: true });
  }
  if (plan.kind === 'refused') return { kind: 'refused', reason: plan.reason };
  if (plan.kind === 'signOff') return { kind: 'signOff' };
  // After the warning, planFinish answers finish: the only other plan left.
  return { kind: 'submit' };
}

/** The error a refused finish fails with (the blocking items as its details), so the hook's error path shows the refusal. */
export const refusalError = (reason: string, blockers?: FinishBlockers) =>
  new ApiError(409, 'ORDER_CANNOT_BE_FINISHED', reason, blockers ? { details: blockers } : undefined);

/** The items a refused finish names (the error's details), or null when it names none or is no refusal. */
export function refusalBlockers(error: unknown): FinishBlockers | null {
  if (!(error instanceof ApiError) || error.code !== 'ORDER_CANNOT_BE_FINISHED') return null;
  const parsed = ZFinishBlockers.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

/**
 * What the finish-conditions modal says for a failed finish: a reason the catalog knows
 * (measurements or items required) as its translation key in `inspections:finish`, any other reason
 * as the server wrote it; null for a failure that is not a refusal (an alert tells it instead).
 */
export function finishRefusal(
  error: unknown,
): { kind: 'reason'; key: `inspections:finish.${(typeof FINISH_REASONS)[number]}` } | { kind: 'text'; text: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'ORDER_CANNOT_BE_FINISHED') return null;
  const reason = FINISH_REASONS.find((r) => r === error.message);
  return reason ? { kind: 'reason', key: `inspections:finish.${reason}` } : { kind: 'text', text: error.message };
}

type OrderErrorCode = keyof typeof en.repairOrders.errors;
const isOrderErrorCode = (code: string): code is OrderErrorCode => Object.hasOwn(en.repairOrders.errors, code);

/**
 * The `repairOrders` key that tells a failed order call: the code's own text when the catalog has
 * one, the offline text when the request never reached the server (status 0), else the generic one.
 */
export function orderErrorKey(error: unknown): `errors.${OrderErrorCode}` | 'page.offline' | 'page.failed' {
  if (error instanceof ApiError && isOrderErrorCode(error.code)) return `errors.${error.code}`;
  if (error instanceof ApiError && error.status === 0) return 'page.offline';
  return 'page.failed';
}

/**
 * Where the user goes after a finish attempt (router paths): the sign-off page (with the page's
 * language and the worker handing the tablet over) when sign-off comes first; once finished, the
 * dashboard; nowhere when the user cancelled.
 *
 * The redirect rule sends whoever finishes from the order page of a clock-in store to the work
 * order page (`afterFinishDestination`).
 */
export function pathAfterFinish(
  outcome: 'signOff' | 'cancelled' | 'finished',
  context: {
    order: Pick<RepairOrder, '_id' | 'storeId'>;
    settings: Pick<StoreSettings, 'integration'>;
    onSignOffPage: boolean;
    language: string;
    userId: string;
  },
): string | null {
  const { order } = context;
  if (outcome === 'cancelled') return null;
  if (outcome === 'signOff')
    return orderPaths.signOff(order.storeId, order._id, { lang: context.language, workerId: context.userId });
  if (afterFinishDestination({ integration: context.settings.integration, onOrderPage: !context.onSignOffPage }) === 'workOrder') {
    return workOrderPaths.workOrder(order.storeId, order._id);
  }
  return routerPath(STAFF_PATHS.dashboard)!;
}
