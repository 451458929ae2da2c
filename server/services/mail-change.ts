/**
 * Changing the account's address. Before activation the address changes at once and a new
 * activation mail goes out (the wizard's "wrong address?" link); after activation the password
 * confirms the request and the new address confirms itself through a mailed link.
 */
import type { FastifyInstance } from 'fastify';
import { emailSame, emailTaken, mailTokenInvalid, wrongPassword } from '../lib/account-errors';
import { notLoggedIn } from '../lib/http-error';
import { mailproviderOf } from '../lib/mailprovider';
import { verifyPassword } from '../lib/passwords';
import { sha256Hex } from '../lib/tokens';
import { MAIL_CHANGE_TOKEN } from '../repositories/mail.repository';
import { queueActivationMail, queueMailChangeMail } from './mailer';

/**
 * Starts a mail change; returns the address waiting for confirmation, or null when the change
 * already took effect (not yet activated accounts).
 */
export async function requestMailChange(
  app: FastifyInstance,
  memberId: number,
  body: { email: string; password?: string },
  origin: string,
): Promise<string | null> {
  const { accounts } = app.repos;
  const member = await accounts.findLiveById(memberId);
  if (!member) throw notLoggedIn();
  const { email } = body;
  if (email === member.email) {
    throw emailSame();
  }
  if (await accounts.isEmailTaken(email, memberId)) throw emailTaken();

  if (member.status === 'not_confirmed') {
    const now = Date.now();
    if (!(await accounts.changeUnconfirmedEmail(memberId, email, mailproviderOf(email), now))) {
      throw emailTaken();
    }
    await queueActivationMail(app, { ...member, email }, origin);
    await app.realtime.publish(memberId, { type: 'user' });
    return null;
  }
  // An activated address is how the member gets back in; only the password holder may move it.
  if (body.password === undefined || !(await verifyPassword(member.passwordHash, body.password))) {
    throw wrongPassword();
  }
  // One pending change at a time: the latest request is the one that counts.
  await accounts.revokeTokens(memberId, MAIL_CHANGE_TOKEN, Date.now());
  await queueMailChangeMail(app, { ...member, email }, origin);
  return email;
}

/** Confirms a mail change with the mailed token; returns the member and the new address. */
export async function confirmMailChange(
  app: FastifyInstance,
  token: string,
): Promise<{ memberId: number; email: string }> {
  const outcome = await app.repos.accounts.confirmMailChange(
    sha256Hex(token),
    mailproviderOf,
    Date.now(),
  );
  if (outcome.result === 'taken') throw emailTaken();
  if (outcome.result === 'invalid') throw mailTokenInvalid();
  await app.realtime.publish(outcome.memberId, { type: 'user' });
  return { memberId: outcome.memberId, email: outcome.email };
}
