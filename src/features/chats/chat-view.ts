/**
 * The conversation as rows to draw: day separators, an unread divider and the messages with
 * their send state (pure, so the rules are unit-tested without a browser).
 */
import type { MessageRow } from '../../db/db';
import { isNoCreditsRefusal } from '../../shared/no-credits';
import { dayKey } from './chat-time';

/**
 * A bubble's state as the member sees it; null on the other member's messages. Delivered: a
 * device of the other member got it; read: they opened the conversation.
 */
export type MessageState = 'sending' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/** Why a send was refused, from ActionRow.error (an i18n key, `network`, or the server's text). */
export type FailureKind = 'credits' | 'network' | 'blocked' | 'refused';

/** One row of the virtual list. */
export type ChatItem =
  | { kind: 'day'; key: string; day: string }
  | { kind: 'unread'; key: string }
  | {
      kind: 'message';
      key: string;
      message: MessageRow;
      own: boolean;
      /** First of a run by the same sender within a few minutes (gets the bubble's tail). */
      groupStart: boolean;
    };

/** Messages further apart than this start a new group. */
const GROUP_GAP_MS = 5 * 60_000;

/**
 * Day separators before the first message of each local day, and the "new messages" divider
 * before the last `unread` messages of the other member.
 */
export function buildChatItems(
  messages: readonly MessageRow[],
  memberId: number | null,
  unread = 0,
): ChatItem[] {
  const items: ChatItem[] = [];
  let unreadAt = -1;
  if (unread > 0) {
    let seen = 0;
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i]?.sender !== memberId && ++seen === unread) {
        unreadAt = i;
        break;
      }
    }
  }
  let day = '';
  let previous: MessageRow | null = null;
  messages.forEach((message, i) => {
    const key = dayKey(message.created_at);
    if (key !== day) {
      items.push({ kind: 'day', key: `day:${key}`, day: key });
      day = key;
      previous = null;
    }
    if (i === unreadAt) items.push({ kind: 'unread', key: 'unread' });
    const gap = previous
      ? Date.parse(message.created_at) - Date.parse(previous.created_at)
      : Infinity;
    const groupStart =
      !previous || previous.sender !== message.sender || gap > GROUP_GAP_MS || i === unreadAt;
    items.push({
      kind: 'message',
      key: message.key,
      message,
      own: message.sender === memberId,
      groupStart,
    });
    previous = message;
  });
  return items;
}

/**
 * An own message's state: failed, waiting (offline) or sending, read, delivered, or sent to the
 * server. Read implies delivered, also for rows stored before delivery was known.
 */
export function messageState(
  message: MessageRow,
  memberId: number | null,
  online: boolean,
): MessageState | null {
  if (message.sender !== memberId) return null;
  if (message.status === 'failed') return 'failed';
  if (message.status === 'queued') return online ? 'sending' : 'queued';
  if (message.read_at) return 'read';
  return message.delivered_at ? 'delivered' : 'sent';
}

/** The key of the newest own message, whose state is spelled out under it; null with none. */
export function lastOwnKey(items: readonly ChatItem[]): string | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.kind === 'message' && item.own) return item.key;
  }
  return null;
}

/** Sorts a refusal into what the bubble says; out of credits links to /credits. */
export function failureKind(error: string | null | undefined): FailureKind {
  if (!error) return 'refused';
  if (error === 'network') return 'network';
  if (isNoCreditsRefusal(error)) return 'credits';
  if (/blocked|gone|\b410\b/i.test(error)) return 'blocked';
  return 'refused';
}

/** The server id to ask older messages `before`: the oldest one held, or null with none. */
export function oldestServerId(messages: readonly MessageRow[]): number | null {
  let oldest: number | null = null;
  for (const message of messages) {
    if (message.id !== null && (oldest === null || message.id < oldest)) oldest = message.id;
  }
  return oldest;
}

/** The member's newest own message failed for lack of credits (the composer offers packages). */
export function lastSendOutOfCredits(
  messages: readonly MessageRow[],
  memberId: number | null,
  failures: Readonly<Record<string, string | null>>,
): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message || message.sender !== memberId) continue;
    return message.status === 'failed' && failureKind(failures[message.key]) === 'credits';
  }
  return false;
}
