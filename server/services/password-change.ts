/**
 * Changing the password while logged in: the current password confirms it, and every other
 * device of the member has to log in again with the new one.
 */
import type { FastifyInstance } from 'fastify';
import { passwordSame, passwordTooCommon, wrongPassword } from '../lib/account-errors';
import { isCommonPassword } from '../lib/common-passwords';
import { notLoggedIn } from '../lib/http-error';
import { hashPassword, verifyPassword } from '../lib/passwords';
import type { SessionMember } from '../plugins/session';

/** Sets the new password; the session `member` came with stays, the member's others end. */
export async function changePassword(
  app: FastifyInstance,
  member: SessionMember,
  body: { current_password: string; password: string },
): Promise<void> {
  const { accounts } = app.repos;
  const account = await accounts.findLiveById(member.id);
  if (!account) throw notLoggedIn();
  if (!(await verifyPassword(account.passwordHash, body.current_password))) throw wrongPassword();
  // Checked before the common list: an old common password typed again is "the same" first.
  if (body.password === body.current_password) throw passwordSame();
  if (isCommonPassword(body.password)) throw passwordTooCommon();
  const hash = await hashPassword(body.password);
  const changed = await accounts.changePassword(
    member.id,
    account.passwordHash,
    hash,
    member.tokenHash,
    Date.now(),
  );
  // Another change won the race meanwhile: the password just checked is no longer the current one.
  if (!changed) throw wrongPassword();
  // The other devices' apps refetch the user, get a 403 and forget the member at once.
  await app.realtime.publish(member.id, { type: 'user' });
}
