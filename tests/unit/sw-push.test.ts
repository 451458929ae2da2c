// @vitest-environment node
/** Push notifications: shown per conversation, closed when read elsewhere, clicks lead to the page. */
import { describe, expect, it, vi } from 'vitest';
import { PUSH_CLICK, PUSH_MESSAGE, type PushPageMessage } from '../../src/shared/offline-protocol';
import {
  handleNotificationClick,
  handlePush,
  NOTIFICATION_ICON,
  parsePushPayload,
  type PushClient,
  type PushEnv,
} from '../../sw/push/logic';
import { ORIGIN } from './helpers/sw-fake-server';

function client(path: string, controlled = true) {
  const received: PushPageMessage[] = [];
  const c: PushClient & { received: PushPageMessage[] } = {
    url: `${ORIGIN}${path}`,
    received,
    postMessage: (m) => received.push(m),
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async (url: string) => {
      if (!controlled) throw new TypeError('not controlled');
      return { ...c, url };
    }),
  };
  return c;
}

function env(clients: PushClient[]) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const open = [
    { tag: 'chat-1', close: vi.fn() },
    { tag: 'chat-1', close: vi.fn() },
    { tag: 'chat-2', close: vi.fn() },
  ];
  const opened: string[] = [];
  const e: PushEnv = {
    origin: ORIGIN,
    showNotification: async (title, options) => void shown.push({ title, options }),
    getNotifications: async ({ tag }) => open.filter((n) => n.tag === tag),
    windowClients: async () => clients,
    openWindow: async (url) => {
      opened.push(url);
      return client(new URL(url).pathname);
    },
  };
  return { env: e, shown, open, opened };
}

describe('push', () => {
  it('shows a notification tagged per conversation and tells every window', async () => {
    const windows = [client('/members'), client('/chats')];
    const { env: e, shown } = env(windows);
    const payload = { type: 'message', title: 'Anna', body: 'Hi!', tag: 'chat-1', url: '/chats/1' };
    await handlePush(payload, e);
    expect(shown).toEqual([
      {
        title: 'Anna',
        options: {
          body: 'Hi!',
          icon: NOTIFICATION_ICON,
          tag: 'chat-1',
          data: { url: `${ORIGIN}/chats/1`, payload },
        },
      },
    ]);
    for (const w of windows) expect(w.received).toEqual([{ type: PUSH_MESSAGE, payload }]);
  });

  it('closes the notifications of a conversation read elsewhere and shows none', async () => {
    const { env: e, shown, open } = env([]);
    await handlePush({ type: 'read', tag: 'chat-1' }, e);
    expect(shown).toEqual([]);
    expect(open.map((n) => n.close.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it('keeps only known fields and reads data.url as the address', () => {
    expect(parsePushPayload({ url: 'https://evil.test/', extra: 1, data: { url: '/x' } })).toEqual({
      url: 'https://evil.test/',
    });
    expect(parsePushPayload({ data: { url: '/chats/2' } })).toEqual({ url: '/chats/2' });
    expect(parsePushPayload('plain text')).toEqual({ body: 'plain text' });
  });
});

describe('notification click', () => {
  const data = { url: `${ORIGIN}/chats/1`, payload: { tag: 'chat-1', url: '/chats/1' } };

  it('focuses a window already at the address', async () => {
    const there = client('/chats/1');
    const other = client('/members');
    const { env: e, opened } = env([other, there]);
    await handleNotificationClick(data, e);
    expect(there.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(there.received).toEqual([{ type: PUSH_CLICK, payload: data.payload }]);
    expect(opened).toEqual([]);
  });

  it('steers another window there when none shows it', async () => {
    const other = client('/members');
    const { env: e, opened } = env([other]);
    await handleNotificationClick(data, e);
    expect(other.navigate).toHaveBeenCalledWith(`${ORIGIN}/chats/1`);
    expect(opened).toEqual([]);
  });

  it('opens a window when there is none, or the window cannot be steered', async () => {
    const { env: e, opened } = env([]);
    await handleNotificationClick(data, e);
    const stuck = env([client('/members', false)]);
    await handleNotificationClick(data, stuck.env);
    expect([...opened, ...stuck.opened]).toEqual([`${ORIGIN}/chats/1`, `${ORIGIN}/chats/1`]);
  });

  it('still steers the window there when the browser refuses to focus it', async () => {
    const other = client('/members');
    other.focus = vi.fn(async () => {
      throw new TypeError('Not allowed to focus a window');
    });
    const { env: e } = env([other]);
    await handleNotificationClick(data, e);
    expect(other.navigate).toHaveBeenCalledWith(`${ORIGIN}/chats/1`);
  });

  it('copes with a focus that throws at once and an openWindow the browser refuses', async () => {
    const there = client('/chats/1');
    there.focus = () => {
      throw new DOMException('Not allowed to focus a window', 'InvalidAccessError');
    };
    const { env: e } = env([there]);
    await handleNotificationClick(data, e);
    expect(there.received).toEqual([{ type: PUSH_CLICK, payload: data.payload }]);

    const refused = env([]);
    refused.env.openWindow = () =>
      Promise.reject(new DOMException('Not allowed to open a window', 'InvalidAccessError'));
    await expect(handleNotificationClick(data, refused.env)).resolves.toBeUndefined();
  });

  it('opens the home page for an address on another site', async () => {
    const { env: e, opened } = env([]);
    await handleNotificationClick({ url: 'https://evil.test/x', payload: {} }, e);
    expect(opened).toEqual([`${ORIGIN}/`]);
  });
});
