/** Web push: VAPID keys, POST/DELETE /api/user.php?push=…, and pushes for new likes and messages. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Settings } from '../../src/shared/contract/settings';
import { VAPID_FILE } from '../../server/plugins/push';
import { as, insertConversation, insertMember, login } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import {
  decryptPush,
  startPushService,
  subscriptionBody,
  type PushService,
  type TestSubscription,
} from './push-service';

for (const engine of ENGINES) {
  describe(`push (${engine})`, () => {
    let t: TestApp;
    let service: PushService;
    const ids: Record<string, number> = {};
    const cookies: Record<string, string> = {};
    const id = (label: string) => ids[label] ?? 0;

    beforeAll(async () => {
      service = await startPushService();
      t = await buildTestApp(engine);
      for (const label of ['ann', 'bob', 'cat']) {
        ids[label] = await insertMember(t.app, { email: `${label}@example.com`, name: label });
        cookies[label] = await login(t.app, `${label}@example.com`);
      }
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    const subscribe = (who: string, body: unknown, url = '/api/user.php?push=1') =>
      t.app.inject({ method: 'POST', url, payload: body as object, ...as(cookies[who] ?? '') });
    const subscriptionsOf = (memberId: number) => t.app.repos.push.listFor(memberId);
    /** Runs `act` and returns the pushes it caused, once every background send settled. */
    const pushesDuring = async (act: () => Promise<unknown>) => {
      const before = service.received.length;
      await act();
      await t.app.push.idle();
      return service.received.slice(before);
    };

    it('publishes its VAPID key in settings and keeps it in DATA_DIR with mode 0600', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
      const settings = Settings.parse(res.json());
      expect(settings.push_pub).toBe(t.app.push.publicKey);
      const key = Buffer.from(settings.push_pub ?? '', 'base64url');
      expect([key.length, key[0]]).toEqual([65, 4]);
      const mode = statSync(join(t.config.dataDir, VAPID_FILE)).mode & 0o777;
      expect(mode).toBe(0o600);
    });

    it('keeps the same keys for the next build on the same DATA_DIR, unless the env sets them', async () => {
      const again = await buildSiblingApp(t);
      expect(again.app.push.publicKey).toBe(t.app.push.publicKey);
      await again.close();
      const other = await buildSiblingApp(t, {
        vapid: {
          publicKey:
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          privateKey: 'tUxbf-Mn_4KnaTR2uIiemP4fB0K3GSgGpUHkNkyjDZI',
          subject: 'mailto:ops@example.com',
        },
      });
      expect(other.app.push.publicKey).toMatch(/^BNcRdreALRFX/);
      await other.close();
    });

    it('refuses logged-out callers with 403 and bad subscriptions with 400, never a 5xx', async () => {
      const good = subscriptionBody(service.subscription('x'));
      const anon = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?push=1',
        payload: good,
      });
      expect(anon.statusCode).toBe(403);
      const anonDelete = await t.app.inject({
        method: 'DELETE',
        url: '/api/user.php?push=1',
        payload: { endpoint: good.subscription.endpoint },
      });
      expect(anonDelete.statusCode).toBe(403);
      const { keys, endpoint } = good.subscription;
      const bad: unknown[] = [
        {},
        { subscription: {} },
        { subscription: { endpoint: 'not a url', keys } },
        { subscription: { endpoint: 'ftp://127.0.0.1/push/1', keys } },
        { subscription: { endpoint, keys: { p256dh: keys.p256dh } } },
        { subscription: { endpoint, keys: { p256dh: 'AAAA', auth: keys.auth } } },
        { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: 'short' } } },
        { subscription: { endpoint, keys: { p256dh: '***', auth: keys.auth } } },
        { subscription: { endpoint: `${endpoint}${'x'.repeat(2000)}`, keys } },
        { endpoint },
      ];
      for (const body of bad) {
        const res = await subscribe('ann', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await subscribe('ann', good, '/api/user.php?push=2')).statusCode).toBe(400);
      expect(await subscriptionsOf(id('ann'))).toEqual([]);
    });

    it('stores a subscription, and moves it when another member subscribes the same endpoint', async () => {
      const sub = service.subscription('moving');
      const res = await subscribe('ann', subscriptionBody(sub));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ subscribed: true });
      expect(await subscriptionsOf(id('ann'))).toEqual([
        { endpoint: sub.endpoint, keys: sub.keys },
      ]);
      expect((await subscribe('ann', subscriptionBody(sub))).statusCode).toBe(200);
      expect(await subscriptionsOf(id('ann'))).toHaveLength(1);

      expect((await subscribe('cat', subscriptionBody(sub))).statusCode).toBe(200);
      expect(await subscriptionsOf(id('ann'))).toEqual([]);
      expect(await subscriptionsOf(id('cat'))).toEqual([
        { endpoint: sub.endpoint, keys: sub.keys },
      ]);
    });

    it('removes a subscription with DELETE or POST ?push=0, only for its owner', async () => {
      const sub = service.subscription('removed');
      await subscribe('cat', subscriptionBody(sub));
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: '/api/user.php?push=1',
        payload: { endpoint: sub.endpoint },
        ...as(cookies.bob ?? ''),
      });
      expect(foreign.json()).toEqual({ subscribed: false });
      expect((await subscriptionsOf(id('cat'))).map((s) => s.endpoint)).toContain(sub.endpoint);

      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/user.php?push=1',
        payload: { endpoint: sub.endpoint },
        ...as(cookies.cat ?? ''),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await subscriptionsOf(id('cat'))).map((s) => s.endpoint)).not.toContain(sub.endpoint);

      await subscribe('cat', subscriptionBody(sub));
      const viaPost = await subscribe('cat', subscriptionBody(sub), '/api/user.php?push=0');
      expect(viaPost.json()).toEqual({ subscribed: false });
      expect((await subscriptionsOf(id('cat'))).map((s) => s.endpoint)).not.toContain(sub.endpoint);
    });

    it('leaves sign-up on the same path alone', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user.php?new=1', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400 });
      expect(JSON.stringify(res.json())).not.toContain('subscription');
    });

    it('pushes a new like to the liked member, signed with VAPID and encrypted for the device', async () => {
      const sub = service.subscription('ann-like');
      await subscribe('ann', subscriptionBody(sub));
      const pushes = await pushesDuring(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/likes.php',
          payload: { profile: id('ann') },
          ...as(cookies.bob ?? ''),
        }),
      );
      expect(pushes.map((p) => p.id)).toEqual(['ann-like']);
      const [push] = pushes;
      expect(push?.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.app.push.publicKey}$`),
      );
      expect(push?.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
      expect(push?.headers.urgency).toBe('normal');
      expect(decryptPush(sub, push?.body ?? Buffer.alloc(0))).toEqual({
        type: 'like',
        title: 'New like',
        body: 'bob likes you',
        url: '/likes',
        tag: `like-${id('bob')}`,
      });
    });

    it('pushes a message to the receiver only, with high urgency and a per-conversation tag', async () => {
      const sub: TestSubscription = service.subscription('ann-message');
      const bobSub = service.subscription('bob-message');
      await subscribe('ann', subscriptionBody(sub));
      await subscribe('bob', subscriptionBody(bobSub));
      const conversation = await insertConversation(t.app, id('ann'), id('bob'), {
        messages: [{ from: id('bob'), body: '  Coffee   tomorrow?  ' }],
      });
      const pushes = await pushesDuring(async () => {
        const event = { type: 'message', conversation } as const;
        await t.app.realtime.publish(id('ann'), event);
        await t.app.realtime.publish(id('bob'), event);
      });
      expect(pushes.map((p) => p.id).sort()).toEqual(['ann-like', 'ann-message']);
      for (const push of pushes) {
        expect(push.headers.urgency).toBe('high');
        expect(push.headers.topic).toBe(`chat-${conversation}`);
      }
      const mine = pushes.find((p) => p.id === 'ann-message');
      expect(decryptPush(sub, mine?.body ?? Buffer.alloc(0))).toEqual({
        type: 'message',
        title: 'bob',
        body: 'Coffee tomorrow?',
        url: `/chats/${conversation}`,
        tag: `chat-${conversation}`,
        conversation,
      });
    });

    it('deletes a subscription the push service calls gone (410, 404) and keeps it on other errors', async () => {
      const gone = service.subscription('gone');
      const missing = service.subscription('missing');
      const busy = service.subscription('busy');
      for (const sub of [gone, missing, busy]) await subscribe('cat', subscriptionBody(sub));
      service.statusFor.set('gone', 410).set('missing', 404).set('busy', 503);
      const notice = { type: 'like', title: 't', body: 'b', url: '/likes', tag: 'like-1' } as const;
      const delivered = await t.app.push.notifyMember(id('cat'), notice);
      expect(delivered).toBe(1); // cat's earlier subscription ('moving') still answers 201
      const left = (await subscriptionsOf(id('cat'))).map((s) => s.endpoint);
      expect(left).toContain(busy.endpoint);
      expect(left).not.toContain(gone.endpoint);
      expect(left).not.toContain(missing.endpoint);
    });

    it('never throws when the push service cannot be reached', async () => {
      await t.app.repos.push.save(
        id('bob'),
        { endpoint: 'http://127.0.0.1:1/push/closed', keys: service.subscription('z').keys },
        Date.now(),
      );
      const notice = { type: 'like', title: 't', body: 'b', url: '/likes', tag: 'like-1' } as const;
      await expect(t.app.push.notifyMember(id('bob'), notice)).resolves.toBeGreaterThanOrEqual(0);
    });
  });
}
