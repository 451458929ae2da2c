/** Loads the user object for the logged-in member with the site's settings applied. */
import type { FastifyInstance } from 'fastify';
import type { User } from '../../src/shared/contract/account';
import { notLoggedIn } from '../lib/http-error';

/** The member's user object; a member that vanished mid-session counts as logged out. */
export async function loadUser(app: FastifyInstance, memberId: number): Promise<User> {
  const user = await app.repos.members.getUser(memberId, {
    fictionalIcon: app.site.config.fictional_icon,
    now: Date.now(),
  });
  if (!user) throw notLoggedIn();
  return user;
}
