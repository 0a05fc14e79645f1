import { conflict, fieldRefused, forbidden, notFound } from '../../http/errors';
import { MAX_DEPENDANTS } from '../../api/policy';
import type { Dependant } from '../../api/subscriptions-contract';
import type { DependantRequest } from '../../api/subscription-requests';
import { dependantRef, dependantsOf, dependantsQuery, newDependantRef } from '../../store/subscriptions';
import { runTransaction } from '../../store/transaction';
import { liveSubscriptionsOf } from './subscriptions';
import { packageById as storedPackage } from '../../store/catalog';

/**
 * The people a patient books for under Family Care. Any patient may name up to
 * MAX_DEPENDANTS (so the booking form can pick them), but only a package covering more than
 * one person (benefits.people) applies its benefits to them; with such a package running,
 * the cap is its people - 1.
 */

export const listDependants = (patientId: string): Promise<Dependant[]> => dependantsOf(patientId);

/** How many dependants the patient may have: people - 1 of the largest running package that covers several, else MAX_DEPENDANTS. */
async function dependantCap(patientId: string): Promise<{ cap: number; packageTitle?: string; people?: number }> {
  const live = await liveSubscriptionsOf(patientId);
  const packages = await Promise.all(live.map(({ data }) => storedPackage(data.packageId)));
  const family = packages
    .filter((p) => (p?.benefits?.people ?? 1) > 1)
    .sort((a, b) => (b!.benefits!.people ?? 0) - (a!.benefits!.people ?? 0))[0];
  if (!family) return { cap: MAX_DEPENDANTS };
  return { cap: family.benefits!.people - 1, packageTitle: family.packageTitle, people: family.benefits!.people };
}

export async function addDependant(patientId: string, input: DependantRequest, now = new Date()): Promise<Dependant> {
  const { cap, packageTitle, people } = await dependantCap(patientId);
  const ref = newDependantRef();
  const dependant: Dependant = { id: ref.id, patientId, ...input, createdAt: now.toISOString() };
  await runTransaction(async (tx) => {
    const existing = await tx.get(dependantsQuery(patientId));
    if (existing.size >= cap) {
      throw conflict(
        packageTitle
          ? `Your ${packageTitle} covers ${people} people: you and ${cap} others. Remove someone before adding another.`
          : `You can add at most ${cap} people. Remove someone before adding another.`,
      );
    }
    tx.create(ref, dependant);
  });
  return dependant;
}

/** The caller's own dependant; another patient's answers 403, an unknown one 404. */
export async function ownDependant(patientId: string, dependantId: string): Promise<Dependant> {
  const dependant = (await dependantRef(dependantId).get()).data();
  if (!dependant) throw notFound('We could not find that person in your family list.');
  if (dependant.patientId !== patientId) throw forbidden();
  return dependant;
}

/** Past bookings keep the names they were made with. */
export async function removeDependant(patientId: string, dependantId: string): Promise<void> {
  await ownDependant(patientId, dependantId);
  await dependantRef(dependantId).delete();
}

/** A booking for a named dependant (bookFor OTHERS with dependantId): their name and gender, from the list, not the form. */
export async function withDependant<
  T extends { bookFor?: string; dependantId?: string; firstName: string; lastName: string; gender: string },
>(patientId: string, input: T): Promise<T> {
  if (input.bookFor !== 'OTHERS' || !input.dependantId) return input;
  const dependant = await ownDependant(patientId, input.dependantId).catch(() => {
    throw fieldRefused('dependantId', 'Family member: choose one of the people in your family list.');
  });
  return { ...input, firstName: dependant.firstName, lastName: dependant.lastName, gender: dependant.gender };
}
