/**
 * Deleting an account (repositories/account-deletion.repository.ts says what goes and what stays):
 * the password confirms it, photo files leave the file storage, and the members who shared likes or
 * conversations with the member get a live event so their lists drop the member at once.
 */
import type { FastifyInstance } from 'fastify';
import { wrongPassword } from '../lib/account-errors';
import { notLoggedIn } from '../lib/http-error';
import { verifyPassword } from '../lib/passwords';
import { objectKey } from '../storage/object-store';
import { removeImageFiles } from './images';

/** Deletes the member's account after checking their password. */
export async function deleteAccount(
  app: FastifyInstance,
  memberId: number,
  password: string,
): Promise<void> {
  const member = await app.repos.accounts.findLiveById(memberId);
  if (!member) throw notLoggedIn();
  if (!(await verifyPassword(member.passwordHash, password))) throw wrongPassword();

  // Asked before the likes go: a member who sees this liker only as a count (no premium) must
  // not learn who it was from the event that their like is gone.
  const now = Date.now();
  const liked = await app.repos.likes.likedBy(memberId);
  const namedTo = new Set<number>();
  for (const other of liked) {
    if (await app.repos.likes.isNamedTo(other, memberId, now)) namedTo.add(other);
  }
  const deleted = await app.repos.accountDeletion.delete(memberId, now);
  // A concurrent deletion (another tab) got there first: nothing left to clean up.
  if (!deleted) return;
  // After the commit: a crash in between leaves orphan files, never rows pointing at no file.
  await removeImageFiles(app.storage, deleted.files).catch((err: unknown) => {
    app.log.error({ err, member: memberId }, 'account deletion: photo files not removed');
  });
  await Promise.all(
    deleted.exportFiles.map((file) => app.storage.delete(objectKey('exports', file))),
  ).catch((err: unknown) => {
    app.log.error({ err, member: memberId }, 'account deletion: export files not removed');
  });
  // Totals cached for a minute would still count the member (search-count-cache.ts).
  app.searchTotals.clear();

  const events: Array<Promise<void>> = [app.realtime.publish(memberId, { type: 'user' })];
  for (const { conversation, member: other } of deleted.conversations) {
    events.push(app.realtime.publish(other, { type: 'chat', conversation }));
  }
  // "This like is gone" in both directions; the event only makes the other side poll its likes.
  for (const other of deleted.liked) {
    if (!namedTo.has(other)) continue; // their count catches up on the next poll
    events.push(app.realtime.publish(other, { type: 'unlike', by: memberId, profile: other }));
  }
  for (const other of deleted.likedBy) {
    events.push(app.realtime.publish(other, { type: 'unlike', by: other, profile: memberId }));
  }
  await Promise.all(events);
}
