/**
 * Turns a live event for one member into the notification they should get, or null: a message
 * from someone else, a like of their profile. Texts come from `locales/<lng>/messages.json`
 * (notifications.push_like_*) in the receiver's language, with English built in as the fallback.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveEvent } from '../../src/shared/contract/live-events';
import { conversationTag, likeTag } from '../../src/shared/push-state';
import type { PushRepository } from '../repositories/push.repository';
import type { PushNotice } from './push-sender';

/** Longest message text a notification shows; the chat has the rest. */
export const PUSH_BODY_MAX = 140;

/** Built-in texts, used when a locale file or key is missing. */
const FALLBACK: Record<PushTextKey, string> = {
  push_like_title: 'New like',
  push_like_body: '{{name}} likes you',
};
type PushTextKey = 'push_like_title' | 'push_like_body';

/** Reads the notification texts of one language, once per process and folder. */
export function createPushTexts(localesDir: string) {
  const cache = new Map<string, Partial<Record<PushTextKey, string>>>();
  const load = (language: string) => {
    let texts = cache.get(language);
    if (!texts) {
      texts = {};
      try {
        const file = join(localesDir, language.replace(/[^a-z]/gi, ''), 'messages.json');
        const all = JSON.parse(readFileSync(file, 'utf8')) as { notifications?: unknown };
        if (all.notifications && typeof all.notifications === 'object') {
          texts = all.notifications as Partial<Record<PushTextKey, string>>;
        }
      } catch {
        // No such locale here (tests, a trimmed deployment): English below.
      }
      cache.set(language, texts);
    }
    return texts;
  };
  return (language: string, key: PushTextKey, name: string): string => {
    const text = load(language)[key];
    const template = typeof text === 'string' ? text : FALLBACK[key];
    return template.replaceAll('{{name}}', name);
  };
}
/** Localised notification texts. */
export type PushTexts = ReturnType<typeof createPushTexts>;

/** Cuts a message to a notification-sized preview on a character boundary. */
export function preview(text: string): string {
  const chars = [...text.trim().replace(/\s+/g, ' ')];
  return chars.length <= PUSH_BODY_MAX
    ? chars.join('')
    : `${chars.slice(0, PUSH_BODY_MAX - 1).join('')}…`;
}

/** The notification `memberId` gets for `event`, or null when it gets none. */
export async function noticeFor(
  repo: Pick<PushRepository, 'member' | 'lastMessage'>,
  texts: PushTexts,
  memberId: number,
  event: LiveEvent,
): Promise<PushNotice | null> {
  if (event.type === 'like') {
    // Both members hear of a like; only the liked one is notified.
    if (event.profile !== memberId || event.by === memberId) return null;
    const [liker, me] = await Promise.all([repo.member(event.by), repo.member(memberId)]);
    if (!liker || !me) return null;
    return {
      type: 'like',
      title: texts(me.language, 'push_like_title', liker.name),
      body: texts(me.language, 'push_like_body', liker.name),
      url: '/likes',
      tag: likeTag(event.by),
    };
  }
  if (event.type === 'message') {
    const message = event.message
      ? { sender: event.message.sender, body: event.message.msg }
      : await repo.lastMessage(event.conversation);
    if (!message || message.sender === memberId) return null;
    const sender = await repo.member(message.sender);
    if (!sender) return null;
    return {
      type: 'message',
      title: sender.name,
      body: preview(message.body),
      url: `/chats/${event.conversation}`,
      tag: conversationTag(event.conversation),
      conversation: event.conversation,
    };
  }
  return null;
}
