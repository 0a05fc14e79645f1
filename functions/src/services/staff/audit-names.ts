import type { UserIdentifier } from 'firebase-admin/auth';
import type { AuditEntry, Page } from '../../api/staff';
import { auth } from '../../store/firebase';
import { patientsById } from '../../store/patients';

/** The account acted on, when the target is one (a role change, a patient's record). */
const targetUidOf = (e: AuditEntry): string | undefined => /^(?:users|patients)\/([^/]+)$/.exec(e.target)?.[1];

/** Account ids an entry names: who acted, the account acted on, and the patients whose records it showed. */
const uidsOf = (e: AuditEntry): string[] => [e.actorUid, targetUidOf(e) ?? '', ...(e.patientIds ?? [])].filter(Boolean);

/**
 * The audit page with the people's names beside their ids, so the log reads 'Ama Mensah'
 * rather than a uid or an e-mail: the name on the patient's record first (patients rarely set
 * an Auth display name), else the account's display name or e-mail; one Auth lookup and one
 * read of patient records for the page (at most 100 ids). An account deleted since keeps only its id.
 */
export async function withNames(page: Page<AuditEntry>): Promise<Page<AuditEntry>> {
  const uids = [...new Set(page.items.flatMap(uidsOf))].filter((uid) => uid !== 'self').slice(0, 100);
  if (uids.length === 0) return page;
  const { users } = await auth().getUsers(uids.map((uid): UserIdentifier => ({ uid })));
  const records = await patientsById(uids);
  const recordName = (uid: string) =>
    `${String(records.get(uid)?.firstName ?? '')} ${String(records.get(uid)?.lastName ?? '')}`.trim();
  const names = new Map(users.map((u) => [u.uid, recordName(u.uid) || u.displayName || u.email || '']));
  const name = (uid: string | undefined) => (uid ? names.get(uid) || undefined : undefined);
  return {
    ...page,
    items: page.items.map((e) => {
      const patientNames = Object.fromEntries(
        (e.patientIds ?? []).flatMap((id) => (name(id) ? [[id, name(id)!]] : [])),
      ) as Record<string, string>;
      return {
        ...e,
        actorName: name(e.actorUid),
        targetName: name(targetUidOf(e)),
        ...(Object.keys(patientNames).length ? { patientNames } : {}),
      };
    }),
  };
}
