/**
 * What the console offers for an appointment: the actions the lifecycle (@api/staff LIFECYCLE)
 * allows from its state, in the order a person reads them. The server enforces the same table
 * (409 naming the state); the console only hides what would be refused.
 */
import { LIFECYCLE, STAFF_ACTIONS, nextState, type AppointmentState, type StaffAction } from '@api/staff';

/** How the console names each state (the API's values run words together). */
const STATE_NAMES: Partial<Record<AppointmentState, string>> = {
  OnTheWay: 'On the way',
  CheckedIn: 'Checked in',
  NoShow: 'No-show',
};
export const stateName = (state: string): string => STATE_NAMES[state as AppointmentState] ?? state;

/** The button's words for each action. */
export const ACTION_LABELS: Record<StaffAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  'on-the-way': 'On the way',
  'check-in': 'Check in',
  complete: 'Complete visit',
  'no-show': 'No-show',
  cancel: 'Cancel appointment',
};

/** Actions that undo or end a booking: shown as secondary (outline) buttons. */
const ENDING: readonly StaffAction[] = ['decline', 'no-show', 'cancel'];
export const isEndingAction = (action: StaffAction) => ENDING.includes(action);

/** The actions allowed from `state`, forward moves first. */
export const offeredActions = (state: string): StaffAction[] =>
  STAFF_ACTIONS.filter((action) => nextState(state, action) !== undefined).sort(
    (a, b) => Number(isEndingAction(a)) - Number(isEndingAction(b)),
  );

/** Where an action leads (for the success message). */
export const resultOf = (action: StaffAction) => LIFECYCLE[action].to;
