/**
 * The /complaints form (members and visitors): one multipart call with the fields and the optional
 * screenshot, through the same upload path as photos so the page gets upload progress.
 */
import { COMPLAINT_FORM_PATH, ComplaintFormResult } from '../src/shared/contract/moderation';
import type { DraftPhoto } from '../src/db/db';
import type { ComplaintDraft } from '../src/db/kv';
import type { SyncContext } from './context';
import { syncError } from './errors';

/**
 * POST /api/complaint_form.php; resolves the reference the page shows. A member's `clientId`
 * makes a repeat (a replay after a lost answer) come back with the first reference.
 */
export async function sendComplaint(
  ctx: SyncContext,
  draft: ComplaintDraft,
  screenshot: DraftPhoto | null,
  onProgress?: (fraction: number) => void,
  clientId?: string,
): Promise<ComplaintFormResult> {
  const fields = Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value.trim() !== ''),
  );
  if (clientId) fields.client_id = clientId;
  const answer = await ctx.upload(COMPLAINT_FORM_PATH, screenshot, onProgress, fields);
  const parsed = ComplaintFormResult.safeParse(answer);
  if (!parsed.success) {
    throw syncError('validation', `POST ${COMPLAINT_FORM_PATH} answered off-contract`);
  }
  return parsed.data;
}
