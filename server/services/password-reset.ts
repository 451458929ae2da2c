/**
 * Forgotten password: a mailed single-use link (services/mailer.ts) leads to a page that sets a new
 * password with its token. The request answers the same whether or not the address has an account.
 */
import type { FastifyInstance } from 'fastify';
import { passwordTooCommon, resetTokenInvalid } from '../lib/account-errors';
import { isCommonPassword } from '../lib/common-passwords';
import { hashPassword } from '../lib/passwords';
import { sha256Hex } from '../lib/tokens';
import { PASSWORD_RESET_TOKEN } from '../repositories/mail.repository';
import { queuePasswordResetMail } from './mailer';

/**
 * Mails a reset link when a live account uses `email`; does nothing otherwise. Deleted and banned
 * accounts get no link: a reset must not reopen them.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  email: string,
  origin: string,
): Promise<void> {
  const member = await app.repos.accounts.findLiveByEmail(email);
  if (!member) return;
  await queuePasswordResetMail(app, member, origin);
}

/** Sets the new password with a reset token; returns the member to log in. */
export async function resetPassword(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<number> {
  const tokenHash = sha256Hex(token);
  // Checked before the password, so a dead link is reported as such whatever was typed, and a
  // common password leaves a good link usable for a second try.
  if (!(await app.repos.accounts.findToken(tokenHash, PASSWORD_RESET_TOKEN, Date.now()))) {
    throw resetTokenInvalid();
  }
  if (isCommonPassword(password)) throw passwordTooCommon();
  const hash = await hashPassword(password);
  // Claimed again inside the update: a concurrent use of the same link loses here.
  const memberId = await app.repos.accounts.resetPassword(tokenHash, hash, Date.now());
  if (memberId === undefined) throw resetTokenInvalid();
  // A reset link also activates an unconfirmed account, which may have written a postback.
  app.postbacks.wake();
  return memberId;
}
