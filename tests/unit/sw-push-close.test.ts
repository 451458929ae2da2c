// @vitest-environment node
/** Notifications already read in a page are closed; a push for the conversation on screen shows none. */
import { describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGE, type PushPageMessage } from '../../src/shared/offline-protocol';
import { CLOSE_NOTIFICATIONS, conversationTag } from '../../src/shared/push-state';
import {
  closeNotifications,
  handlePush,
  parseCloseMessage,
  type PushClient,
  type PushEnv,
} from '../../sw/push/logic';
import { ORIGIN } from './helpers/sw-fake-server';

function windowAt(path: string, focused: boolean) {
  const received: PushPageMessage[] = [];
  const client: PushClient & { received: PushPageMessage[] } = {
    url: `${ORIGIN}${path}`,
    focused,
    received,
    postMessage: (m) => received.push(m),
  };
  return client;
}

function env(clients: PushClient[] = []) {
  const open = [
    { tag: 'chat-7', close: vi.fn() },
    { tag: 'chat-8', close: vi.fn() },
    { tag: 'chat-7', close: vi.fn() },
  ];
  const shown: string[] = [];
  const e: PushEnv = {
    origin: ORIGIN,
    showNotification: async (title) => void shown.push(title),
    getNotifications: async ({ tag }) => open.filter((n) => n.tag === tag),
    windowClients: async () => clients,
    openWindow: async () => null,
  };
  return { env: e, open, shown };
}

describe('closing notifications read in a page', () => {
  it('accepts only a CLOSE_NOTIFICATIONS message with a tag', () => {
    expect(parseCloseMessage({ type: CLOSE_NOTIFICATIONS, tag: 'chat-7' })).toEqual({
      type: CLOSE_NOTIFICATIONS,
      tag: 'chat-7',
    });
    for (const other of [
      null,
      'CLOSE_NOTIFICATIONS',
      { type: CLOSE_NOTIFICATIONS },
      { type: CLOSE_NOTIFICATIONS, tag: '' },
      { type: CLOSE_NOTIFICATIONS, tag: 7 },
      { type: 'SKIP_WAITING' },
    ]) {
      expect(parseCloseMessage(other)).toBeNull();
    }
  });

  it('closes every notification of the tag and no other', async () => {
    const { env: e, open } = env();
    expect(await closeNotifications(conversationTag(7), e)).toBe(2);
    expect(open.map((n) => n.close.mock.calls.length)).toEqual([1, 0, 1]);
  });
});

describe('a push for the conversation on screen', () => {
  const payload = { type: 'message', title: 'Bo', body: 'Hi', tag: 'chat-7', url: '/chats/7' };

  it('shows nothing when a focused window shows that conversation, but tells the windows', async () => {
    const reading = windowAt('/chats/7', true);
    const { env: e, shown } = env([reading]);
    await handlePush(payload, e);
    expect(shown).toEqual([]);
    expect(reading.received).toEqual([{ type: PUSH_MESSAGE, payload }]);
  });

  it('still shows it when that window is in the background or shows another page', async () => {
    for (const window of [windowAt('/chats/7', false), windowAt('/chats/8', true)]) {
      const { env: e, shown } = env([window]);
      await handlePush(payload, e);
      expect(shown).toEqual(['Bo']);
    }
  });
});
