/**
 * A conversation drawn from the page's first answers until the sync worker has stored it
 * (src/features/chats/first-conversation.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ConversationView } from '../../src/db/queries';
import {
  firstConversationView,
  withFirstConversation,
} from '../../src/features/chats/first-conversation';
import { chat } from './helpers/fake-backend';
import { ownMessage } from './helpers/fixtures';

const first = firstConversationView({
  chat: chat(1, 2, '2026-01-01T00:03:00Z'),
  messages: {
    conversation: 1,
    // The server's order is not relied on: the view is oldest first, as IndexedDB keeps it.
    msg: [ownMessage(2, 'Second', 'c2'), ownMessage(1, 'First', null)],
  },
});

const stored = (over: Partial<ConversationView> = {}): ConversationView => ({
  chat: null,
  profile: null,
  messages: [],
  failures: {},
  ...over,
});

describe('the conversation the page came with', () => {
  it('is the stored view of its entry and page, oldest message first', () => {
    expect(first.chat?.id).toBe(1);
    expect(first.chat?.num_unread_messages).toBe(2);
    expect(first.profile?.name).toBe('Member 501');
    expect(first.messages.map((m) => [m.msg, m.key, m.status])).toEqual([
      ['First', 'id:1', 'sent'],
      ['Second', 'c2', 'sent'],
    ]);
  });

  it('shows before IndexedDB answers only on a device with no database', () => {
    expect(withFirstConversation(undefined, first, true)).toBe(first);
    expect(withFirstConversation(undefined, first, false)).toBeUndefined();
    expect(withFirstConversation(undefined, null, true)).toBeUndefined();
  });

  it('stands in for the entry and the messages the worker has not stored yet', () => {
    const shown = withFirstConversation(stored(), first, false)!;
    expect(shown.chat).toBe(first.chat);
    expect(shown.profile).toBe(first.profile);
    expect(shown.messages).toBe(first.messages);
  });

  it('gives way to what is stored', () => {
    const newer = ownMessage(3, 'Stored', null);
    const mine = stored({ messages: [{ ...newer, key: 'id:3', status: 'sent' }] });
    const shown = withFirstConversation(mine, first, false)!;
    expect(shown.messages.map((m) => m.msg)).toEqual(['Stored']);
    expect(shown.chat).toBe(first.chat);
    const withEntry = stored({ chat: { ...first.chat!, num_unread_messages: 0 } });
    expect(withFirstConversation(withEntry, first, false)!.chat?.num_unread_messages).toBe(0);
    expect(withFirstConversation(mine, null, true)).toBe(mine);
  });
});
