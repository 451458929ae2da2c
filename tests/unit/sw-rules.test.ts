// @vitest-environment node
/** What the service worker caches and which requests its queue takes (SPEC §7, DESIGN §6). */
import { describe, expect, it } from 'vitest';
import { ACTION_HEADER, MEMBER_HEADER } from '../../src/shared/offline-protocol';
import { outdatedPrecaches } from '../../sw/precache-cleanup';
import { isQueueable, readAction, toRequest } from '../../sw/queue/capture';
import {
  installLocales,
  isAppNavigation,
  isLocaleMessages,
  isSettings,
  isUpload,
} from '../../sw/route-rules';
import { ORIGIN } from './helpers/sw-fake-server';

const url = (path: string, origin = ORIGIN) => new URL(path, origin);

describe('runtime cache rules', () => {
  it('answers app navigations with the shell but never API, upload or locale addresses', () => {
    expect(
      ['/', '/members', '/chats/12', '/pages/faq'].map((p) => isAppNavigation(url(p))),
    ).toEqual([true, true, true, true]);
    expect(
      ['/api/docs', '/uploads/a.jpg', '/_i18n/en/messages.json'].map((p) =>
        isAppNavigation(url(p)),
      ),
    ).toEqual([false, false, false]);
  });

  it('caches locale messages, settings and same-origin uploads, and no other API answer', () => {
    expect(isLocaleMessages(url('/_i18n/nl/messages.json'), ORIGIN)).toBe(true);
    expect(isLocaleMessages(url('/_i18n/nl/other.json'), ORIGIN)).toBe(false);
    expect(isSettings(url('/api/settings.php'), ORIGIN)).toBe(true);
    expect(isUpload(url('/uploads/thumbs/1.jpg'), ORIGIN)).toBe(true);
    expect(isUpload(url('/uploads/1.jpg', 'https://cdn.example'), ORIGIN)).toBe(false);
    for (const path of ['/api/user.php', '/api/chats.php', '/api/likes.php', '/api/search.php']) {
      const u = url(path);
      expect([isLocaleMessages, isSettings, isUpload].some((rule) => rule(u, ORIGIN))).toBe(false);
    }
  });
});

describe('precache cleanup', () => {
  it("deletes only older precaches of this worker's scope", () => {
    const scope = `${ORIGIN}/`;
    const current = `workbox-precache-v2-${scope}`;
    const names = [
      current,
      `workbox-precache-${scope}`,
      'workbox-precache-v2-https://else.test/',
      'amora-uploads',
      'amora-i18n',
    ];
    expect(outdatedPrecaches(names, current, scope)).toEqual([`workbox-precache-${scope}`]);
  });
});

describe('queue intake', () => {
  const action = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { [ACTION_HEADER]: '1', ...headers },
      body: method === 'GET' ? null : '{}',
    });

  it('takes only the marked, same-origin QUEUEABLE requests', () => {
    expect(isQueueable(action('POST', '/api/likes.php'), ORIGIN)).toBe(true);
    expect(isQueueable(action('DELETE', '/api/likes.php'), ORIGIN)).toBe(true);
    expect(isQueueable(action('POST', '/api/chat.php'), ORIGIN)).toBe(true);
    expect(isQueueable(action('DELETE', '/api/chat.php'), ORIGIN)).toBe(false);
    expect(isQueueable(action('POST', '/api/user.php'), ORIGIN)).toBe(false);
    expect(isQueueable(action('POST', '/api/likes.php'), 'https://else.test')).toBe(false);
    const unmarked = new Request(`${ORIGIN}/api/likes.php`, { method: 'POST', body: '{}' });
    expect(isQueueable(unmarked, ORIGIN)).toBe(false);
  });

  it('stores url, method, body, client and member, without cookies, and rebuilds the request', async () => {
    const request = new Request(`${ORIGIN}/api/likes.php`, {
      method: 'POST',
      headers: {
        [ACTION_HEADER]: '1',
        [MEMBER_HEADER]: '7',
        cookie: 'sid=1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ profile: 3, client_id: 'c-1', client_seq: 4 }),
    });
    const { outgoing, captured } = await readAction(request);
    expect(captured).toMatchObject({ method: 'POST', memberId: 7, clientId: 'c-1' });
    expect(captured?.headers.some(([n]) => n === 'cookie')).toBe(false);
    // What goes on is the same request, body and all.
    expect(outgoing.method).toBe('POST');
    expect(outgoing.headers.get(MEMBER_HEADER)).toBe('7');
    expect(await outgoing.text()).toContain('c-1');
    if (!captured) throw new Error('not captured');
    const rebuilt = toRequest(captured);
    expect(rebuilt.credentials).toBe('same-origin');
    expect(rebuilt.headers.get(MEMBER_HEADER)).toBe('7');
    expect(await rebuilt.json()).toEqual({ profile: 3, client_id: 'c-1', client_seq: 4 });
  });
});

describe('locales at install', () => {
  it('caches the browser languages and English when the worker installs', () => {
    expect(installLocales(['nl-BE', 'nl', 'de-DE', 'fr'])).toEqual([
      '/_i18n/nl/messages.json',
      '/_i18n/de/messages.json',
      '/_i18n/en/messages.json',
    ]);
    expect(installLocales(['en-GB'])).toEqual(['/_i18n/en/messages.json']);
    expect(installLocales(['*', ''])).toEqual(['/_i18n/en/messages.json']);
    for (const path of installLocales(['pl'])) {
      expect(isLocaleMessages(url(path), ORIGIN)).toBe(true);
    }
  });
});
