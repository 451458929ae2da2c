/**
 * The sign-up wizard's server side as the worker sees it (SPEC §2.4, §4, §7): the account, the
 * e-mail check, and the wizard draft that keeps steps 2–5 on the device until the server has them.
 * A step saved offline stays `pending` and is sent by the next flush (the page flushes on mount
 * and when the connection returns), so nothing a member entered is lost to a dead network.
 */
import type {
  ActivateResponse,
  SignupBody,
  User,
  ValidateEmailResponse,
} from '../src/shared/contract/account';
import type { ProfileFieldsResponse } from '../src/shared/contract/settings';
import { SIGNUP_PARTS, type SignupDraftRow, type SignupPart } from '../src/db/db';
import { kvGet, kvPut } from '../src/db/kv';
import { updateUser, uploadProfileImage, type ProgressListener } from './account';
import type { SyncContext } from './context';
import { toSyncError } from './errors';
import { applyUser, currentMemberId } from './session';

const DRAFT_KEY = 'current';

/** What the wizard may change in its draft; naming a part's data marks that part pending. */
export type DraftPatch = Partial<
  Pick<SignupDraftRow, 'step' | 'email' | 'name' | 'location' | 'profile' | 'notes' | 'photo'>
>;

/** What is left after a flush. */
export interface FlushResult {
  pending: SignupPart[];
  refused: SignupDraftRow['refused'];
}

function emptyDraft(memberId: number | null): SignupDraftRow {
  return {
    key: DRAFT_KEY,
    memberId,
    step: 0,
    email: '',
    name: '',
    location: null,
    profile: null,
    notes: null,
    photo: null,
    pending: [],
    refused: null,
    updatedAt: Date.now(),
  };
}

/** The draft of the member now logged in (or of the visitor); a stranger's draft does not count. */
export async function loadDraft(ctx: SyncContext): Promise<SignupDraftRow | null> {
  const draft = await ctx.db.signupDraft.get(DRAFT_KEY);
  if (!draft) return null;
  const memberId = await currentMemberId(ctx);
  return draft.memberId === null || draft.memberId === memberId ? draft : null;
}

/** Merges `patch` into the draft; parts whose data it carries wait to be sent. */
export async function saveDraft(ctx: SyncContext, patch: DraftPatch): Promise<SignupDraftRow> {
  const memberId = await currentMemberId(ctx);
  return ctx.db.transaction('rw', ctx.db.signupDraft, ctx.db.kv, async () => {
    const draft = (await loadDraft(ctx)) ?? emptyDraft(memberId);
    const touched = SIGNUP_PARTS.filter((part) => patch[part] != null);
    const pending = SIGNUP_PARTS.filter((p) => draft.pending.includes(p) || touched.includes(p));
    const refused = draft.refused && touched.includes(draft.refused.part) ? null : draft.refused;
    const next: SignupDraftRow = {
      ...draft,
      ...patch,
      memberId: draft.memberId ?? memberId,
      pending,
      refused,
      updatedAt: Date.now(),
    };
    await ctx.db.signupDraft.put(next);
    return next;
  });
}

/** Forgets the draft (the wizard finished, or the member starts over). */
export async function clearDraft(ctx: SyncContext): Promise<void> {
  await ctx.db.signupDraft.delete(DRAFT_KEY);
}

/** POST /api/user.php?new=1; the new member is logged in and owns the draft from now on. */
export async function createAccount(ctx: SyncContext, body: SignupBody): Promise<User> {
  const { data } = await ctx.http.call('signup', { query: { new: '1' }, body });
  await applyUser(ctx, data.user);
  const draft = await ctx.db.signupDraft.get(DRAFT_KEY);
  if (draft) await ctx.db.signupDraft.put({ ...draft, memberId: data.user.id });
  return data.user;
}

/** Sends one part; resolves when the server accepted it. */
async function sendPart(
  ctx: SyncContext,
  draft: SignupDraftRow,
  part: SignupPart,
  onProgress?: ProgressListener,
): Promise<void> {
  if (part === 'photo' && draft.photo) await uploadProfileImage(ctx, draft.photo, onProgress);
  if (part === 'location' && draft.location) await updateUser(ctx, draft.location);
  if (part === 'profile' && draft.profile) await updateUser(ctx, { profile: draft.profile });
  if (part === 'notes' && draft.notes)
    await updateUser(ctx, { profile: { ...draft.notes, lastSignupStep: true } });
}

/**
 * Sends every pending part in wizard order. A network failure stops the flush and keeps the
 * part (and the rest) for the next one; a refusal drops the part and records why.
 */
export async function flushDraft(
  ctx: SyncContext,
  onProgress?: ProgressListener,
): Promise<FlushResult> {
  let draft = await loadDraft(ctx);
  if (!draft || draft.memberId === null) {
    return { pending: draft?.pending ?? [], refused: draft?.refused ?? null };
  }
  for (const part of [...draft.pending]) {
    try {
      await sendPart(ctx, draft, part, onProgress);
      draft = { ...draft, pending: draft.pending.filter((p) => p !== part) };
      if (part === 'photo') draft.photo = null; // the server has it; the bytes can go
    } catch (caught) {
      const error = toSyncError(caught);
      if (error.kind === 'network' || error.kind === 'storage') break;
      const refused: NonNullable<SignupDraftRow['refused']> = { part, message: error.message };
      if (error.key !== undefined) refused.key = error.key;
      draft = { ...draft, pending: draft.pending.filter((p) => p !== part), refused };
    }
    await ctx.db.signupDraft.put({ ...draft, updatedAt: Date.now() });
  }
  return { pending: draft.pending, refused: draft.refused };
}

let emailCheck: AbortController | null = null;

/**
 * GET /api/validate_email.php; a newer check cancels the one still running (SPEC §7 "cancellable"),
 * which then rejects with kind `aborted`.
 */
export async function validateEmail(
  ctx: SyncContext,
  email: string,
): Promise<ValidateEmailResponse> {
  emailCheck?.abort();
  const controller = new AbortController();
  emailCheck = controller;
  try {
    const { data } = await ctx.http.call('validateEmail', {
      query: { email },
      signal: controller.signal,
    });
    return data;
  } finally {
    if (emailCheck === controller) emailCheck = null;
  }
}

/** GET /api/activate.php: whether the activation mail has left (step 6 polls it). */
export async function activationStatus(ctx: SyncContext): Promise<ActivateResponse> {
  const { data } = await ctx.http.call('activate');
  return data;
}

/** GET /api/profile_fields.php, kept for an offline step 4; the stored copy when offline. */
export async function profileFields(ctx: SyncContext): Promise<ProfileFieldsResponse> {
  try {
    const { data } = await ctx.http.call('profileFields');
    await kvPut(ctx.db, 'profileFields', data);
    return data;
  } catch (error) {
    const stored = await kvGet(ctx.db, 'profileFields');
    if (stored && toSyncError(error).kind === 'network') return stored;
    throw error;
  }
}
