/**
 * The app shell's first answers: when a member loads /members the server writes into the shell
 * the answers that screen would otherwise wait for (the user, the site settings, the automatic
 * first search and the sponsored webcams beside it), on /likes the likes and on /chats the
 * conversations, as the API gave them, in one JSON data block. A cold
 * phone then draws the screen without first starting the sync worker and waiting for those round
 * trips; the worker still fetches and stores everything as usual once the screen is up.
 */
import type { UserResponse } from './contract/account';
import type { ChatListEntry, ChatMessagesResponse, ChatsResponse } from './contract/chat';
import type { LikesResponse } from './contract/likes';
import type { CamsQuery, CamsResponse, SearchResponse } from './contract/members';
import type { Settings } from './contract/settings';

/**
 * Cards on screen before any scrolling: two rows of a phone's two columns, the first row of a
 * wide screen. Their photos load at once and first; the rest wait until they near the viewport.
 */
export const FIRST_SCREEN_CARDS = 4;

/** Id of the `<script type="application/json">` that holds them. */
export const FIRST_ANSWERS_ID = 'first-answers';

export interface FirstAnswers {
  user: UserResponse['user'];
  settings?: Settings;
  /** The automatic first search (auto-search.ts). */
  search?: SearchResponse;
  /**
   * The sponsored webcams for that search's filters (sponsored.ts camsQueryFor), when the member
   * sees them and the feed answered in time, with the query they answer.
   */
  cams?: { query: CamsQuery; answer: CamsResponse };
  /** On the likes lists: both lists, with the ETag the sync worker stores them under. */
  likes?: PolledAnswer<LikesResponse>;
  /** On the chat list: the conversations, with the ETag the sync worker stores them under. */
  chats?: PolledAnswer<ChatsResponse>;
  /**
   * In a conversation: its entry of the chat list (the other member, unread count) and its newest
   * page of messages, read without marking them read (the screen's own load does that).
   */
  conversation?: { chat: ChatListEntry; messages: ChatMessagesResponse };
}

/** A polled call's answer with its ETag (null when the server sent none). */
export interface PolledAnswer<T> {
  etag: string | null;
  answer: T;
}
