// @ts-check
// The restore drill's check (ops/restore-drill.sh;
// docs/operations.md, 'Backups and the restore drill'): the documents of every collection in the
// restored copy, counted against the live database as it was at the backup's snapshot time.
// Point-in-time recovery reads the live one as it was then, so a good backup matches it
// collection by collection, not merely "about".

/** @typedef {import('firebase-admin/firestore').Firestore} Firestore */
/** @typedef {import('firebase-admin/firestore').Timestamp} Timestamp */
/** @typedef {{ collection: string, live: string, restored: number, ok: boolean }} Row */

/**
 * Documents per collection in `db` (at `readTime`, else now): the top-level collections by id, and
 * each of `nested` as a collection group (every collection of that id under any document). Count
 * aggregations read one index entry per 1,000 documents, and one read-only transaction reads
 * them all at one moment.
 * @param {Firestore} db
 * @param {{ topLevel: string[], nested: string[], readTime?: Timestamp }} what
 * @returns {Promise<Record<string, number>>}
 */
export async function countDocuments(db, { topLevel, nested, readTime }) {
  return db.runTransaction(
    async (t) => {
      /** @type {Record<string, number>} */
      const counts = {};
      for (const id of topLevel) counts[id] = (await t.get(db.collection(id).count())).data().count;
      for (const id of nested) counts[`*/${id}`] = (await t.get(db.collectionGroup(id).count())).data().count;
      return counts;
    },
    readTime ? { readOnly: true, readTime } : { readOnly: true },
  );
}

/**
 * The restored copy against the live database: every top-level collection either holds, and the
 * nested collection ids given. Point-in-time recovery keeps one version a minute beyond the last
 * hour, so a snapshot between two whole minutes is bracketed: the live database is read at the
 * minute before it and the minute after (`between`; the same time twice when it is a whole
 * minute), and each restored count must lie between those two. Without `between`, the live
 * database now, and the counts must be equal.
 * @param {{ live: Firestore, restored: Firestore, between?: [Timestamp, Timestamp], nested?: string[] }} options
 * @returns {Promise<{ rows: Row[], same: boolean }>}
 */
export async function compareCounts({ live, restored, between, nested = [] }) {
  const ids = async (/** @type {Firestore} */ db) => (await db.listCollections()).map((c) => c.id);
  const topLevel = [...new Set([...(await ids(live)), ...(await ids(restored))])].sort();
  const [before, after, restoredCounts] = await Promise.all([
    countDocuments(live, { topLevel, nested, readTime: between?.[0] }),
    between ? countDocuments(live, { topLevel, nested, readTime: between[1] }) : undefined,
    countDocuments(restored, { topLevel, nested }),
  ]);
  const rows = Object.keys(before).map((collection) => {
    const low = Math.min(before[collection], after?.[collection] ?? before[collection]);
    const high = Math.max(before[collection], after?.[collection] ?? before[collection]);
    const count = restoredCounts[collection];
    return { collection, live: low === high ? `${low}` : `${low}-${high}`, restored: count, ok: low <= count && count <= high };
  });
  return { rows, same: rows.every((row) => row.ok) };
}

/**
 * The comparison as the operator reads it: one line per collection, differences marked.
 * @param {Row[]} rows
 */
export function formatRows(rows) {
  const width = Math.max(10, ...rows.map((row) => row.collection.length));
  return [
    `${'collection'.padEnd(width)}  ${'live'.padStart(8)}  ${'restored'.padStart(8)}`,
    ...rows.map(
      (row) =>
        `${row.collection.padEnd(width)}  ${row.live.padStart(8)}  ${String(row.restored).padStart(8)}${row.ok ? '' : '  ✘ differs'}`,
    ),
  ].join('\n');
}
