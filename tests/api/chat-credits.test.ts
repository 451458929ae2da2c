/**
 * Sending costs credits, exactly once (DESIGN §6): repeats of a client id (also concurrent ones)
 * store one message and charge once; concurrent sends never take the balance below zero; without
 * credits nothing is stored; the per-member send limit holds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../src/shared/contract/chat';
import { DEFAULT_MESSAGE_CREDITS, messageCredits } from '../../server/services/chat-credits';
import { as, insertConversation, insertMember, login } from './fixtures';
import { chatRateLimits } from './chat-calls';
import { buildTestApp, ENGINES, type TestApp } from './helper';

describe('message credits rule', () => {
  const costs = {
    NL: { costs: 1.99, currency: 'EUR' },
    PL: { costs: 8.49, currency: 'PLN' },
    XX: { costs: 3, currency: 'EUR' },
    FR: { costs: 0, currency: 'EUR' },
  };
  it('rounds the country price up to whole credits, with a default for the rest', () => {
    expect(messageCredits(costs, 'NL')).toBe(2);
    expect(messageCredits(costs, 'nl')).toBe(2);
    expect(messageCredits(costs, 'PL')).toBe(9);
    expect(messageCredits(costs, 'XX')).toBe(3);
    expect(messageCredits(costs, 'FR')).toBe(0);
    expect(messageCredits(costs, 'JP')).toBe(DEFAULT_MESSAGE_CREDITS);
    expect(messageCredits(costs, null)).toBe(DEFAULT_MESSAGE_CREDITS);
  });
});

let emails = 0;
/** Sends per member per window in this file: room for the 10 concurrent repeats. */
const SEND_LIMIT = 12;

for (const engine of ENGINES) {
  describe(`chat credits (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: chatRateLimits(SEND_LIMIT),
      });
    });
    afterAll(() => t.close());

    /** Two members in a conversation; the sender (from NL: 2 credits a message) has `credits`. */
    const pair = async (credits: number, country: string | null = 'NL') => {
      emails += 1;
      const email = `credits-${engine}-${emails}@example.com`;
      const sender = await insertMember(t.app, { email, country });
      await t.app.db.updateTable('members').set({ credits }).where('id', '=', sender).execute();
      const receiver = await insertMember(t.app);
      const conversation = await insertConversation(t.app, sender, receiver);
      return { sender, receiver, conversation, cookie: await login(t.app, email) };
    };
    const send = (cookie: string, conversation: number, client_id = randomUUID(), message = 'hi') =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat.php',
        payload: { conversation, message, client_id },
        ...as(cookie),
      });
    const state = async (sender: number, conversation: number) => {
      const [member, ledger, messages, seats] = await Promise.all([
        t.app.db
          .selectFrom('members')
          .select('credits')
          .where('id', '=', sender)
          .executeTakeFirstOrThrow(),
        t.app.db
          .selectFrom('credit_ledger')
          .select(['delta', 'reason', 'ref'])
          .where('member_id', '=', sender)
          .execute(),
        t.app.db
          .selectFrom('messages')
          .select(['id', 'client_id'])
          .where('conversation_id', '=', conversation)
          .execute(),
        t.app.db
          .selectFrom('conversation_members')
          .select(['member_id', 'unread'])
          .where('conversation_id', '=', conversation)
          .execute(),
      ]);
      return { credits: member.credits, ledger, messages, seats };
    };

    it('stores and charges once under 10 concurrent repeats of one client id', async () => {
      const p = await pair(10);
      const clientId = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => send(p.cookie, p.conversation, clientId)),
      );
      const bodies = answers.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return ChatMessage.parse(res.json());
      });
      expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
      const s = await state(p.sender, p.conversation);
      expect(s.messages).toEqual([{ id: bodies[0]?.id, client_id: clientId }]);
      expect(s.credits).toBe(8);
      expect(s.ledger).toEqual([{ delta: -2, reason: 'message', ref: `message:${bodies[0]?.id}` }]);
      expect(s.seats.find((x) => x.member_id === p.receiver)?.unread).toBe(1);
      // A later repeat (a lost response replayed) answers the same and charges nothing.
      const late = await send(p.cookie, p.conversation, clientId, 'different text');
      expect(ChatMessage.parse(late.json())).toEqual(bodies[0]);
      expect((await state(p.sender, p.conversation)).credits).toBe(8);
    });

    it('never takes the balance below zero under concurrent sends', async () => {
      const p = await pair(5); // two messages of 2 credits, not three
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => send(p.cookie, p.conversation)),
      );
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes).toEqual([200, 200, 402, 402, 402]);
      const s = await state(p.sender, p.conversation);
      expect(s.credits).toBe(1);
      expect(s.messages).toHaveLength(2);
      expect(s.ledger.map((row) => row.delta)).toEqual([-2, -2]);
      expect(s.seats.find((x) => x.member_id === p.receiver)?.unread).toBe(2);
    });

    it('answers 402 chat.no_credits without credits and stores nothing', async () => {
      const p = await pair(1);
      const clientId = randomUUID();
      const res = await send(p.cookie, p.conversation, clientId);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ key: 'chat.no_credits', statusCode: 402 });
      expect(res.json().message).toMatch(/2 credits/);
      const s = await state(p.sender, p.conversation);
      expect(s).toMatchObject({ credits: 1, ledger: [], messages: [] });
      // After buying credits the same client id goes through: the refusal claimed nothing.
      await t.app.db
        .updateTable('members')
        .set({ credits: 2 })
        .where('id', '=', p.sender)
        .execute();
      expect((await send(p.cookie, p.conversation, clientId)).statusCode).toBe(200);
      expect((await state(p.sender, p.conversation)).credits).toBe(0);
    });

    it('charges the default for a member without a country, the country price otherwise', async () => {
      const none = await pair(10, null);
      expect((await send(none.cookie, none.conversation)).statusCode).toBe(200);
      expect((await state(none.sender, none.conversation)).credits).toBe(
        10 - DEFAULT_MESSAGE_CREDITS,
      );
      const pl = await pair(8, 'PL'); // 8.49 → 9 credits
      expect((await send(pl.cookie, pl.conversation)).statusCode).toBe(402);
      await t.app.db
        .updateTable('members')
        .set({ credits: 9 })
        .where('id', '=', pl.sender)
        .execute();
      expect((await send(pl.cookie, pl.conversation)).statusCode).toBe(200);
      expect((await state(pl.sender, pl.conversation)).credits).toBe(0);
      const ca = await pair(10, 'CA');
      expect((await send(ca.cookie, ca.conversation)).statusCode).toBe(200);
      expect((await state(ca.sender, ca.conversation)).credits).toBe(7);
    });

    it('refuses a client id reused in another conversation with 409', async () => {
      const p = await pair(10);
      const other = await insertConversation(t.app, p.sender, await insertMember(t.app));
      const clientId = randomUUID();
      expect((await send(p.cookie, p.conversation, clientId)).statusCode).toBe(200);
      const res = await send(p.cookie, other, clientId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: 'chat.client_id_reused' });
      expect((await state(p.sender, p.conversation)).credits).toBe(8);
    });

    it('limits sends per member, not per address', async () => {
      const p = await pair(100);
      const q = await pair(100);
      const codes: number[] = [];
      for (let i = 0; i <= SEND_LIMIT; i += 1) {
        codes.push((await send(p.cookie, p.conversation)).statusCode);
      }
      expect(codes).toEqual([...Array<number>(SEND_LIMIT).fill(200), 429]);
      // Another member from the same address still sends.
      expect((await send(q.cookie, q.conversation)).statusCode).toBe(200);
    });
  });
}
