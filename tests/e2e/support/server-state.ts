/** What the server holds for a member, read straight from it (not through the browser or a proxy). */
import { expect, type APIRequestContext } from '@playwright/test';

/** One message as the conversation pages list it. */
export interface ServerMessage {
  id: number;
  sender: number;
  msg: string;
}

/** Every message of a conversation, oldest first, paging back with `before`; read=0 marks nothing. */
export async function conversationMessages(
  api: APIRequestContext,
  conversation: number,
): Promise<ServerMessage[]> {
  const all: ServerMessage[] = [];
  let before: number | null = null;
  for (;;) {
    const query = `conversation=${conversation}&read=0${before === null ? '' : `&before=${before}`}`;
    const res = await api.get(`/api/chat.php?${query}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { msg: ServerMessage[]; has_more: boolean };
    all.unshift(...page.msg);
    if (!page.has_more || page.msg.length === 0) return all;
    before = page.msg[0]!.id;
  }
}

/** The ids among `profiles` the member likes on the server, ascending. */
export async function likedAmong(api: APIRequestContext, profiles: number[]): Promise<number[]> {
  const res = await api.get('/api/likes.php');
  expect(res.status()).toBe(200);
  const { profiles: liked } = (await res.json()) as { profiles: { id: number }[] };
  const ids = new Set(liked.map((p) => p.id));
  return profiles.filter((id) => ids.has(id)).sort((a, b) => a - b);
}

/** The member's credit balance. */
export async function creditsOf(api: APIRequestContext): Promise<number> {
  const res = await api.get('/api/user.php');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { credits: number } }).user.credits;
}
