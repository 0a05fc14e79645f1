/**
 * What the console offers for an appointment: the actions the lifecycle (@api/staff LIFECYCLE)
 * allows from its state, in the order a person reads them. The server enforces the same table
 * (409 naming the state); the console only hides what would be refused.
 */
import { appointmentStatusWords } from '@api/statuses';
import { ACTION_DONE, NURSE_ACTIONS, STAFF_ACTIONS, nextState, type StaffAction, type StaffRole } from '@api/staff';

/** How the console names each state (@api/statuses, the same words patients read). */
export const stateName = appointmentStatusWords;

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

/**
 * The actions allowed from `state`, forward moves first. 'On the way' only for a visit at the
 * patient's address; a nurse only moves her visit along (NURSE_ACTIONS: accepting, declining and
 * cancelling are the desk's). The server refuses the same.
 */
export const offeredActions = (
  state: string,
  { role, atHome = false }: { role?: StaffRole; atHome?: boolean } = {},
): StaffAction[] =>
  STAFF_ACTIONS.filter((action) => nextState(state, action) !== undefined)
    .filter((action) => action !== 'on-the-way' || atHome)
    .filter((action) => role !== 'nurse' || NURSE_ACTIONS.includes(action))
    .sort((a, b) => Number(isEndingAction(a)) - Number(isEndingAction(b)));

/** Where an action leads, as the success message says it ('checked in', 'marked as a no-show'). */
export const resultOf = (action: StaffAction) => ACTION_DONE[action];
