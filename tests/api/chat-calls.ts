/** What the chat API tests share: roomy rate limits, members with credits, each /api/chat.php call. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ChatMessage } from '../../src/shared/contract/chat';
import { as, insertMember, login } from './fixtures';
import type { TestApp } from './helper';

/** Limits that never get in a chat test's way; `chatSend` is the one a test may tighten. */
export function chatRateLimits(chatSend = 1000) {
  return {
    global: 100_000,
    login: 1000,
    signup: 1000,
    validateEmail: 1000,
    chatSend,
    windowMs: 60_000,
  };
}

let emails = 0;

/** The calls bound to the app `t()` returns (it is built in beforeAll, hence a getter). */
export function chatCalls(t: () => TestApp, prefix: string) {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: unknown,
  ) =>
    t().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...as(cookie),
    });
  const send = (cookie: string, payload: unknown) =>
    inject('POST', '/api/chat.php', cookie, payload);
  return {
    /** A member from NL with `credits` and a session. */
    member: async (credits = 100) => {
      emails += 1;
      const email = `${prefix}-${emails}@example.com`;
      const id = await insertMember(t().app, { email, country: 'NL' });
      await t().app.db.updateTable('members').set({ credits }).where('id', '=', id).execute();
      return { id, cookie: await login(t().app, email) };
    },
    start: (cookie: string, profile: number | string) =>
      inject('GET', `/api/chat.php?profile=${profile}`, cookie),
    read: (cookie: string, query: string) => inject('GET', `/api/chat.php?${query}`, cookie),
    send,
    /** A send that must succeed; returns the stored message. */
    sendOk: async (cookie: string, conversation: number, message: string) => {
      const res = await send(cookie, { conversation, message, client_id: randomUUID() });
      expect(res.statusCode, res.body).toBe(200);
      return ChatMessage.parse(res.json());
    },
    remove: (cookie: string, payload: unknown) =>
      inject('DELETE', '/api/chat.php', cookie, payload),
    /** PUT ?delivered=1 (or another query): acknowledge delivery up to a message. */
    delivered: (cookie: string, payload: unknown, query = 'delivered=1') =>
      inject('PUT', `/api/chat.php?${query}`, cookie, payload),
  };
}
