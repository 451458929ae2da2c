/** What the notifications page lists, read from IndexedDB so it shows offline too. */
import type { Profile } from '../../shared/contract/fields';
import { chatList, likesReceived } from '../../db/queries';

/** The hash a failed mail-change link leads to (SPEC §2.3): the page explains it. */
export const EMAIL_CHANGE_INCORRECT = '#email-change-incorrect';

/** One line of recent activity. */
export interface ActivityItem {
  key: string;
  kind: 'message' | 'like';
  href: string;
  profile: Profile | null;
  /** Unread messages of the conversation (messages only). */
  count: number;
  /** Preview of the last message (messages only). */
  preview: string | null;
}

/** Conversations with unread messages (newest first), then new likes (new first, SPEC §4). */
export async function readActivity(): Promise<ActivityItem[]> {
  const [chats, likes] = await Promise.all([chatList(), likesReceived()]);
  const messages = chats
    .filter((chat) => chat.num_unread_messages > 0)
    .map<ActivityItem>((chat) => ({
      key: `chat-${chat.id}`,
      kind: 'message',
      href: `/chats/${chat.id}`,
      profile: chat.profile,
      count: chat.num_unread_messages,
      preview: chat.conversation.last_message,
    }));
  const newLikes = likes
    .filter((like) => like.like_new)
    .map<ActivityItem>((like) => ({
      key: `like-${like.id}`,
      kind: 'like',
      href: '/likes',
      profile: like.profile,
      count: 0,
      preview: null,
    }));
  return [...messages, ...newLikes];
}
