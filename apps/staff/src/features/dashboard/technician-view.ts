import {
  actingRole,
  isRole,
  isTechnician,
  readDashboardChoices,
  type DashboardChoices,
  type DashboardVariant,
  type OrderStep,
  type User,
} from '@servicebay/domain';

/**
 * What a technician sees differently on the dashboard, as pure functions: "My vehicles" on until
 * the technician saves another choice, and one work state per card instead of the six step badges.
 * Rules and table: docs/dashboard.md ("The technician's view").
 */

/** Whether the acting role (lastRoleUsed, else the type) is a technician's. */
function actsAsTechnician(user: Pick<User, 'type' | 'lastRoleUsed'>): boolean {
  const role = actingRole(user);
  return isRole(role) && isTechnician(role);
}

/**
 * Whether the user record holds choices the user saved. The dashboard always saves the filter with
 * the others, so a record without a filter and without a sort has never been saved (the switches'
 * columns read false either way).
 */
export function hasSavedDashboardChoices(user: Pick<User, 'filter' | 'sorting'>): boolean {
  return user.filter !== null || user.sorting !== null;
}

/**
 * The choices the dashboard starts from: the saved ones (unknown values ignored one by one); for a
 * technician whose store does not put its technicians on the advisor dashboard
 * (`technicianUseSADashboard`) and who has saved nothing yet, "My vehicles" starts on.
 */
export function startingDashboardChoices(
  user: Pick<User, 'type' | 'lastRoleUsed' | 'filter' | 'sorting' | 'waitingFirst' | 'myVehicles'>,
  store: { technicianUseSADashboard?: boolean } | null,
  variant: DashboardVariant,
): DashboardChoices {
  const choices = readDashboardChoices(user, variant);
  const technicianDefault = actsAsTechnician(user) && !store?.technicianUseSADashboard;
  if (technicianDefault && !hasSavedDashboardChoices(user)) return { ...choices, myVehicles: true };
  return choices;
}

/** How a card shows the order's progress: the six steps (advisors), or one technician state. */
export type CardView = 'steps' | 'technician';

/** The technician's own dashboards show the technician's state; the advisor dashboard the six steps. */
export function cardViewOf(variant: DashboardVariant): CardView {
  return variant === 'advisor' ? 'steps' : 'technician';
}

export const TECHNICIAN_STATES = [
  'toInspect',
  'inspecting',
  'inspectionFinished',
  'workToDo',
  'working',
  'workDone',
] as const;
export type TechnicianState = (typeof TECHNICIAN_STATES)[number];

/**
 * The one state that matters to a technician, from the inspection and work steps, first match
 * wins: work started → working; inspection started → inspecting (a reopened inspection comes
 * before work waiting); work asked for → work to do; work done → work done; inspection done →
 * inspection finished; anything else (inspection not started or to do, states missing) → to inspect.
 */
export function technicianState(states: Partial<Record<OrderStep, string>>): TechnicianState {
  const { inspection, work } = states;
  if (work === 'inProgress') return 'working';
  if (inspection === 'inProgress') return 'inspecting';
  if (work === 'pending') return 'workToDo';
  if (work === 'done') return 'workDone';
  if (inspection === 'done') return 'inspectionFinished';
  return 'toInspect';
}
