/** Live reads of the wizard's draft (the worker writes it; the page only watches). */
import { getDb, type AmoraDb, type SignupDraftRow } from '../../db/db';

/** The wizard draft on this device, or null when there is none. */
export async function signupDraftRow(db: AmoraDb = getDb()): Promise<SignupDraftRow | null> {
  return (await db.signupDraft.get('current')) ?? null;
}

/** The draft only when it is this visitor's or this member's, like the worker's loadDraft. */
export function ownDraft(
  draft: SignupDraftRow | null,
  memberId: number | null,
): SignupDraftRow | null {
  if (!draft) return null;
  return draft.memberId === null || draft.memberId === memberId ? draft : null;
}
