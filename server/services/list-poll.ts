/**
 * The likes and chat list polls (GET /api/likes.php, /api/chats.php): a 304 from the member's
 * list counter while the client's tag still holds, else the answer built and sent under a new tag
 * (list-etag.ts). The counter is read before the answer: a write in between makes the next poll
 * fetch again, never the reverse (an old answer under a new tag).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireMember } from '../plugins/session';
import { heldListEtag, listEtag, nextUtcMidnight, type ListKind } from './list-etag';

/** A list's answer, and until when it holds without a write (Infinity: until the day ends). */
export interface BuiltList<T> {
  answer: T;
  holdsUntil: number;
}

export async function answerListPoll<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: ListKind,
  build: (memberId: number, now: number) => Promise<BuiltList<T>>,
): Promise<T | FastifyReply> {
  const { id, tokenHash, revisions: read } = requireMember(request);
  const now = Date.now();
  // Read with the session: an unchanged poll is answered after that one statement.
  const revisions = read?.lists ?? (await request.server.repos.listRevisions.of(id));
  const state = { kind, memberId: id, sessionKey: tokenHash, revision: revisions[kind] };
  const held = heldListEtag(request.headers['if-none-match'], state, now);
  if (held) {
    request.answerEtag = held;
    return reply.code(304).send();
  }
  const { answer, holdsUntil } = await build(id, now);
  request.answerEtag = listEtag(state, Math.min(holdsUntil, nextUtcMidnight(now)));
  return answer;
}
