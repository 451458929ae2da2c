/**
 * The answers the server wrote into this page's shell (src/shared/first-answers.ts), read once.
 * They are what the API answered a moment ago for this member's cookies, so the first screen draws
 * from them while the sync worker, which fetches and stores the same as usual, is not yet there.
 */
import type { ChatsResponse } from '../../shared/contract/chat';
import type { LikesResponse } from '../../shared/contract/likes';
import type { CamsQuery, CamsResponse, SearchResponse } from '../../shared/contract/members';
import { FIRST_ANSWERS_ID, type FirstAnswers, type PolledAnswer } from '../../shared/first-answers';
import { camsParams } from '../../shared/sponsored';

let read: FirstAnswers | null | undefined;

/** The page's first answers, or null when the server wrote none (a visitor, the offline shell). */
export function firstAnswers(): FirstAnswers | null {
  if (read === undefined) {
    const block =
      typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ID);
    try {
      read = block?.textContent ? (JSON.parse(block.textContent) as FirstAnswers) : null;
    } catch {
      read = null; // a cut-off page: the screens ask the worker as they would without answers
    }
  }
  return read;
}

/**
 * Renders with `answers` as the page's first answers: the server's render of a member's first
 * screen (src/prerender/member-screen.tsx), where there is no page to read them from. Synchronous,
 * so one request's answers never reach another's render.
 */
export function withFirstAnswers<T>(answers: FirstAnswers, render: () => T): T {
  read = answers;
  try {
    return render();
  } finally {
    read = undefined;
  }
}

/** The automatic first search the server answered for `memberId`, or null. */
export function firstSearchOf(memberId: number | null): SearchResponse | null {
  const answers = firstAnswers();
  return answers?.search && answers.user.id === memberId ? answers.search : null;
}

/**
 * The sponsored webcams the server answered beside that search, for `memberId` and the same
 * `query`, or null. The same object on every call, so a screen may compare it.
 */
export function firstCamsOf(memberId: number | null, query: CamsQuery): CamsResponse | null {
  const cams = firstAnswers()?.cams;
  if (!cams || firstAnswers()?.user.id !== memberId) return null;
  return camsParams(cams.query).toString() === camsParams(query).toString() ? cams.answer : null;
}

/** The likes the server answered for `memberId` with the page, and their ETag, or null. */
export function firstLikesOf(memberId: number | null): PolledAnswer<LikesResponse> | null {
  const answers = firstAnswers();
  return answers?.likes && answers.user.id === memberId ? answers.likes : null;
}

/** The chat list the server answered for `memberId` with the page, and its ETag, or null. */
export function firstChatsOf(memberId: number | null): PolledAnswer<ChatsResponse> | null {
  const answers = firstAnswers();
  return answers?.chats && answers.user.id === memberId ? answers.chats : null;
}

/** The conversation `chatId` the server answered for `memberId` with the page, or null. */
export function firstConversationOf(
  memberId: number | null,
  chatId: number,
): NonNullable<FirstAnswers['conversation']> | null {
  const answers = firstAnswers();
  const conversation = answers?.conversation;
  return conversation &&
    answers.user.id === memberId &&
    conversation.chat.conversation.id === chatId
    ? conversation
    : null;
}
