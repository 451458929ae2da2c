/**
 * The /complaints form (members and visitors): one multipart call with the fields and the optional
 * screenshot, through the same upload path as photos so the page gets upload progress.
 */
import {
  COMPLAINT_FORM_PATH,
  ComplaintFormResult,
  type ComplaintCategory,
  type Language,
} from '../src/api/contract';
import type { DraftPhoto } from '../src/db/db';
import type { SyncContext } from './context';
import { syncError } from './errors';

/** What the page sends; empty strings are left out. */
export interface ComplaintDraft {
  category: ComplaintCategory;
  /** A member id or a profile link; empty when the complaint names nobody. */
  member: string;
  message: string;
  /** A visitor's address; ignored for members (replies go to the account address). */
  email: string;
  language: Language;
}

/** POST /api/complaint_form.php; resolves the reference the page shows. */
export async function sendComplaint(
  ctx: SyncContext,
  draft: ComplaintDraft,
  screenshot: DraftPhoto | null,
  onProgress?: (fraction: number) => void,
): Promise<ComplaintFormResult> {
  const fields = Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value.trim() !== ''),
  );
  const answer = await ctx.upload(COMPLAINT_FORM_PATH, screenshot, onProgress, fields);
  const parsed = ComplaintFormResult.safeParse(answer);
  if (!parsed.success) {
    throw syncError('validation', `POST ${COMPLAINT_FORM_PATH} answered off-contract`);
  }
  return parsed.data;
}
