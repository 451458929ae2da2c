/**
 * The member's own account: profile edits, photos, password change and reset, e-mail change and
 * deletion. Every answer that carries the user is stored through applyUser, so the page sees it.
 */
import type { MailChangeResult, User, UserUpdateBody } from '../src/shared/contract/account';
import { UserResponse } from '../src/shared/contract/account';
import type { DraftPhoto } from '../src/db/db';
import type { SyncContext } from './context';
import { syncError } from './errors';
import { applyUser, clearSession, currentMemberId, fetchUser } from './session';

/** Upload progress, 0..1, reported while the photo's bytes leave the device. */
export type ProgressListener = (fraction: number) => void;

/** PUT /api/user.php with the living area or (part of) the profile. */
export async function updateUser(ctx: SyncContext, body: UserUpdateBody): Promise<User> {
  const { data } = await ctx.http.call('updateUser', { body });
  await applyUser(ctx, data.user);
  return data.user;
}

/** PUT /api/privacy.php: whether the member keeps off invitation pages (landers). */
export async function setLanderOptOut(ctx: SyncContext, optOut: boolean): Promise<User> {
  const { data } = await ctx.http.call('privacy', { body: { lander_opt_out: optOut } });
  await applyUser(ctx, data.user);
  return data.user;
}

/** POST /api/profileimage.php (multipart); the answer's user already lists the new photo. */
export async function uploadProfileImage(
  ctx: SyncContext,
  photo: DraftPhoto,
  onProgress?: ProgressListener,
): Promise<User> {
  const answer = await ctx.upload('/api/profileimage.php', photo, onProgress);
  const parsed = UserResponse.safeParse(answer);
  if (!parsed.success) {
    throw syncError('validation', 'POST /api/profileimage.php answered off-contract');
  }
  await applyUser(ctx, parsed.data.user);
  return parsed.data.user;
}

export async function deleteProfileImage(ctx: SyncContext, image: number): Promise<User> {
  const { data } = await ctx.http.call('deleteProfileImage', { body: { image } });
  await applyUser(ctx, data.user);
  return data.user;
}

export async function setMainProfileImage(ctx: SyncContext, image: number): Promise<User> {
  const { data } = await ctx.http.call('setMainProfileImage', { body: { image } });
  await applyUser(ctx, data.user);
  return data.user;
}

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(ctx: SyncContext, email: string): Promise<void> {
  await ctx.http.call('resetPasswordRequest', { body: { email } });
}

/** Sets the new password with the mailed token; the server logs the member in. */
export async function resetPassword(
  ctx: SyncContext,
  token: string,
  password: string,
): Promise<User> {
  const { data } = await ctx.http.call('resetPassword', { body: { token, password } });
  await applyUser(ctx, data.user);
  return data.user;
}

/** Changes the password with the current one; this session stays, the member's others end. */
export async function changePassword(
  ctx: SyncContext,
  current: string,
  password: string,
): Promise<User> {
  const { data } = await ctx.http.call('changePassword', {
    body: { current_password: current, password },
  });
  await applyUser(ctx, data.user);
  return data.user;
}

/** Changes the e-mail address, at once before activation, else after the new address confirms. */
export async function changeEmail(
  ctx: SyncContext,
  email: string,
  password?: string,
): Promise<MailChangeResult> {
  const body = password === undefined ? { email } : { email, password };
  const { data } = await ctx.http.call('mailChange', { body });
  await applyUser(ctx, data.user);
  return data;
}

/** Confirms a new address from its mailed link; a logged-in member's user is fetched again. */
export async function confirmMailChange(
  ctx: SyncContext,
  token: string,
): Promise<{ email: string }> {
  const { data } = await ctx.http.call('mailChangeConfirm', { body: { token } });
  if ((await currentMemberId(ctx)) !== null) await fetchUser(ctx);
  return data;
}

/** Deletes the account; this device forgets everything of the member right after. */
export async function deleteAccount(ctx: SyncContext, password: string): Promise<void> {
  await ctx.http.call('deleteAccount', { body: { password } });
  await clearSession(ctx);
}
