import { Form, Formik, type FormikHelpers } from 'formik';
import { Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '@api/format';
import { todayInGhana } from '@api/booking-request';
import { FormField } from '@/components/form-field';
import { Loading } from '@/components/spinner';
import {
  RELATIONS,
  dependantSchema,
  useAddDependant,
  useDependants,
  useRemoveDependant,
  type Dependant,
  type DependantRequest,
} from '@/shared/patient/dependants';
import { useSubscriptions } from '@/shared/subscriptions/subscription-queries';
import { currentSubscription } from '@/shared/subscriptions/subscriptions';
import { ApiError } from '@/lib/api-client';
import { GenderField, Options } from '@/shared/forms/choice-fields';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

/** The form's values as the inputs hold them (the gender select starts empty). */
type DependantValues = Record<keyof DependantRequest, string>;
const EMPTY: DependantValues = { firstName: '', lastName: '', relation: '', dateOfBirth: '', gender: '' };

/** How many people the patient's package covers, in a sentence. */
function coverText(people: number | undefined, packageTitle: string | undefined, added: number): string {
  if (!people || people <= 1)
    return 'Add the people you book appointments for. A Family Care package covers the whole household.';
  const others = people - 1;
  return `Your ${packageTitle} covers up to ${people} people: you and ${others} family member${others === 1 ? '' : 's'} (${added} added).`;
}

/** The dependant form: the server's own schema checks it, and the server's refusal shows beside it. */
export function DependantForm({ onAdd }: { onAdd: (values: DependantRequest) => Promise<unknown> }) {
  const [refusal, setRefusal] = useState<string>();
  async function submit(values: DependantValues, helpers: FormikHelpers<DependantValues>) {
    setRefusal(undefined);
    try {
      await onAdd(dependantSchema.cast(values));
      helpers.resetForm();
      await showSuccess('Saved!', `${values.firstName} ${values.lastName} is now one of your family members.`);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setRefusal(err.message);
      else await showApiError(err);
    }
  }
  return (
    <Formik<DependantValues> initialValues={EMPTY} validationSchema={dependantSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="form-grid dependant-form" aria-label="Add a family member">
          <RefuseInvalidSubmit />
          <FormField name="firstName" label="First Name" required autoComplete="off" maxLength={80} />
          <FormField name="lastName" label="Last Name" required autoComplete="off" maxLength={80} />
          <FormField name="relation" label="Relation" as="select" required>
            <Options items={RELATIONS} placeholder="Select Relation" />
          </FormField>
          <FormField name="dateOfBirth" label="Date of birth" required type="date" max={todayInGhana()} />
          <GenderField required />
          {refusal && (
            <p className="field-error" role="alert">
              {refusal}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            <UserPlus aria-hidden="true" size={18} /> {isSubmitting ? 'Saving ...' : 'Add family member'}
          </button>
        </Form>
      )}
    </Formik>
  );
}

/** 'Family members': the people the patient books for, and how many the package covers. */
export function FamilyMembersCard({ patientId }: { patientId: string }) {
  const dependants = useDependants(patientId);
  const subscription = currentSubscription(useSubscriptions(patientId).data);
  const add = useAddDependant(patientId);
  const remove = useRemoveDependant(patientId);
  const list = dependants.data ?? [];

  async function removeOne(d: Dependant) {
    const name = `${d.firstName} ${d.lastName}`;
    if (!(await confirm('Remove family member?', 'Yes, remove', `${name} will no longer be on your account.`))) return;
    try {
      await remove.mutateAsync(d.id);
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <DashboardCard id="family-heading" title="Family members">
      <p>{coverText(subscription?.benefits?.people, subscription?.packageTitle, list.length)}</p>
      {dependants.isPending && <Loading text="Loading your family members…" />}
      {dependants.isError && <p role="alert">We could not load your family members just now. Please refresh the page.</p>}
      {list.length > 0 && (
        <ul className="dependant-list">
          {list.map((d) => (
            <li key={d.id}>
              <span>
                <strong>
                  {d.firstName} {d.lastName}
                </strong>
                <span>
                  {d.relation} · born {formatDate(d.dateOfBirth, { weekday: false })}
                </span>
              </span>
              <button type="button" className="btn btn-outline danger" onClick={() => void removeOne(d)}>
                <Trash2 aria-hidden="true" size={18} /> Remove<span className="visually-hidden"> {d.firstName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Add a family member</h3>
      <DependantForm onAdd={(values) => add.mutateAsync(values)} />
    </DashboardCard>
  );
}
