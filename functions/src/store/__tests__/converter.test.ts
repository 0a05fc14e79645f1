import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { typedConverter } from '../converter';

interface Dated {
  id: string;
  createdAt: string;
  note: { at: string };
}

const converter = typedConverter<Dated>((data, id) => ({ ...data, id }) as Dated, ['createdAt']);
const snapshotOf = (id: string, data: Record<string, unknown>) => ({ id, data: () => data }) as unknown as QueryDocumentSnapshot;
const ISO = '2026-03-12T14:05:09.123Z';

describe('typedConverter', () => {
  it('reads a time stored as an ISO string (written before Timestamps) and one stored as a Timestamp the same: ISO', () => {
    const old = converter.fromFirestore(snapshotOf('old', { createdAt: ISO, note: { at: ISO } }));
    const current = converter.fromFirestore(
      snapshotOf('new', { createdAt: Timestamp.fromDate(new Date(ISO)), note: { at: Timestamp.fromDate(new Date(ISO)) } }),
    );
    expect(old).toEqual({ id: 'old', createdAt: ISO, note: { at: ISO } });
    expect(current).toEqual({ id: 'new', createdAt: ISO, note: { at: ISO } });
  });

  it('stores the named time fields as Timestamps and leaves the other fields as they are', () => {
    const stored = converter.toFirestore({ id: 'x', createdAt: ISO, note: { at: ISO } });
    expect(stored.createdAt).toBeInstanceOf(Timestamp);
    expect((stored.createdAt as Timestamp).toDate().toISOString()).toBe(ISO);
    expect(stored.note).toEqual({ at: ISO });
  });
});
