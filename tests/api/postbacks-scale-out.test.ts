/**
 * Two server instances on one database drain one postback outbox: every event reaches the
 * partner once, and a row another instance holds is left alone until its lease ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import { eventually, insertPostback, postbackRow, QUICK_DELIVERY } from './postback-fixtures';
import { startPostbackPartner, type PostbackPartner } from './support/postback-partner';

for (const engine of ENGINES) {
  describe(`postbacks from two instances (${engine})`, () => {
    let a: TestApp;
    let b: TestApp;
    let partner: PostbackPartner;

    beforeAll(async () => {
      partner = await startPostbackPartner();
      a = await buildTestApp(engine, {
        site: {
          postbacks: {
            net: { url: `${partner.origin}/cb?r={ref}&id={event_id}`, events: ['signup'] },
          },
        },
        postbackDelivery: QUICK_DELIVERY,
      });
      b = await buildSiblingApp(a);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await partner?.close();
    });

    it('delivers each of many events exactly once while both instances send', async () => {
      // Slow answers keep both instances busy at the same time.
      partner.delayMs = 30;
      const ids: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        ids.push(await insertPostback(a.app, { network: 'net', ref: `many-${i}` }));
        if (i % 10 === 9) {
          a.app.postbacks.wake();
          b.app.postbacks.wake();
        }
      }
      await partner.until(40);
      await eventually(async () => {
        const rows = await Promise.all(ids.map((id) => postbackRow(a.app, id)));
        return rows.every((r) => r.status === 'delivered');
      });
      // Everything is settled; anything sent twice would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refs = partner.received.map((r) => r.query.r).filter((r) => r?.startsWith('many-'));
      expect(refs).toHaveLength(40);
      expect(new Set(refs).size).toBe(40);
      for (const id of ids) expect((await postbackRow(a.app, id)).attempts).toBe(1);
      partner.delayMs = 0;
    });

    it('leaves a row another instance holds until its lease ends, then sends it', async () => {
      const id = await insertPostback(a.app, { network: 'net', ref: 'held' });
      // As an instance that claimed the row and then died would leave it.
      const leaseEnd = Date.now() + 800;
      await a.app.db
        .updateTable('postback_outbox')
        .set({ claimed_until: leaseEnd })
        .where('id', '=', id)
        .execute();
      a.app.postbacks.wake();
      b.app.postbacks.wake();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(partner.received.filter((r) => r.query.r === 'held')).toEqual([]);
      await eventually(async () => (await postbackRow(a.app, id)).status === 'delivered');
      expect(Date.now()).toBeGreaterThanOrEqual(leaseEnd);
      expect(partner.received.filter((r) => r.query.r === 'held')).toHaveLength(1);
    });
  });
}
