/**
 * A conversation drawn from the page's first answers (src/shared/first-answers.ts) until the sync
 * worker has stored it: its list entry and newest page, as the stored view holds them. Pure, so
 * the rule is unit-tested.
 */
import { chatRowsOf } from '../../db/chat-rows';
import { messageRowOf } from '../../db/message-rows';
import type { ConversationView } from '../../db/queries';
import type { FirstAnswers } from '../../shared/first-answers';
import { byIsoTime } from '../../shared/iso-order';

/** The conversation the page came with, as a stored view. */
export function firstConversationView(
  first: NonNullable<FirstAnswers['conversation']>,
): ConversationView {
  const chat = chatRowsOf([first.chat])[0]!;
  const messages = first.messages.msg
    .map(messageRowOf)
    .sort((a, b) => byIsoTime(a.created_at, b.created_at));
  return { chat, profile: chat.profile, messages, failures: {} };
}

/**
 * What the screen shows. Without the page's conversation: the stored view. With it: before the
 * first read of IndexedDB, the page's on a device that has no database (undefined otherwise, the
 * read decides); after it, the stored view, with the page's list entry and messages standing in
 * for what is not stored yet (the worker stores the messages first, the list entry with the next
 * poll, and the header must not lose the other member meanwhile).
 */
export function withFirstConversation(
  stored: ConversationView | undefined,
  first: ConversationView | null,
  nothingStored: boolean,
): ConversationView | undefined {
  if (!first) return stored;
  if (!stored) return nothingStored ? first : undefined;
  return {
    ...stored,
    chat: stored.chat ?? first.chat,
    profile: stored.profile ?? first.profile,
    messages: stored.messages.length > 0 ? stored.messages : first.messages,
  };
}
