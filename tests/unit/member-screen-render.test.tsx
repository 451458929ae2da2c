// @vitest-environment node
// The server renders a member's first screen in Node, without a DOM: so does this test.
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/messages.json';
import nl from '../../locales/nl/messages.json';
import type { FirstAnswers } from '../../src/shared/first-answers';
import { renderMemberScreen } from '../../src/prerender/member-screen';
import { chat } from './helpers/fake-backend';
import { demoSettings, demoUser, ownMessage, profile, searchResponse } from './helpers/fixtures';

const cards = (html: string) => html.match(/class="profile-card card/g)?.length ?? 0;

describe("the server's drawing of a member's first screen", () => {
  it('draws the first search as cards with their photos, not a skeleton', async () => {
    expect(typeof document).toBe('undefined');
    const answers: FirstAnswers = {
      user: demoUser(),
      settings: demoSettings(),
      search: searchResponse(
        [1, 2, 3].map((id) => profile(id, { name: `Card ${id}` })),
        40,
      ),
    };
    const { html, title } = await renderMemberScreen('/members', 'en', en, answers);
    expect(title).toBe(`${en.members.title} · Amora`);
    expect(html).not.toContain('<title>');
    expect(html).not.toContain('grid-skeleton');
    expect(cards(html)).toBe(3);
    for (const id of [1, 2, 3]) {
      expect(html).toContain(`>Card ${id}<span`);
      expect(html).toContain(`src="${demoSettings().cdn_prefix}m${id}.jpg"`);
    }
    expect(html).toContain('class="page-wrapper template-amora is-logged-in route-members');
  });

  it("draws in the page's language", async () => {
    const answers: FirstAnswers = {
      user: demoUser(),
      settings: demoSettings(),
      search: searchResponse([profile(5)]),
    };
    const { html, title } = await renderMemberScreen('/members', 'nl', nl, answers);
    expect(title).toBe(`${nl.members.title} · Amora`);
    expect(html).toContain(`>${nl.members.title}</h1>`);
  });

  it('draws the likes list the address opens, and the chat list', async () => {
    const likes: FirstAnswers = {
      user: demoUser(),
      settings: demoSettings(),
      likes: {
        etag: '"tag"',
        answer: {
          profiles: [profile(4, { name: 'Given 4' })],
          liked_by: [{ id: 11, like_new: true }],
          liked_by_profiles: [profile(11, { name: 'Fan 11' })],
        },
      },
    };
    const given = await renderMemberScreen('/likes/given', 'en', en, likes);
    expect(given.html).toContain('Given 4');
    expect(given.html).not.toContain('Fan 11');

    const chats: FirstAnswers = {
      user: demoUser(),
      settings: demoSettings(),
      chats: { etag: '"tag"', answer: { chats: [chat(1, 0, '2026-01-02T00:00:00Z')] } },
    };
    const list = await renderMemberScreen('/chats', 'en', en, chats);
    expect(list.title).toBe(`${en.chat.title} · Amora`);
    expect(list.html).toContain('Member 501');
  });

  it('keeps one render’s answers out of the next', async () => {
    const first: FirstAnswers = {
      user: demoUser(),
      settings: demoSettings(),
      search: searchResponse([profile(8, { name: 'Only Eight' })]),
    };
    const second: FirstAnswers = {
      user: demoUser({ id: 9 }),
      settings: demoSettings(),
      search: searchResponse([profile(10, { name: 'Only Ten' })]),
    };
    const [a, b] = await Promise.all([
      renderMemberScreen('/members', 'en', en, first),
      renderMemberScreen('/members', 'en', en, second),
    ]);
    expect(a.html).toContain('Only Eight');
    expect(a.html).not.toContain('Only Ten');
    expect(b.html).toContain('Only Ten');
    expect(b.html).not.toContain('Only Eight');
  });
});

describe("the server's drawing of a conversation", () => {
  const answers = (count: number): FirstAnswers => ({
    user: demoUser(),
    settings: demoSettings(),
    conversation: {
      chat: chat(1, 1, '2026-01-01T00:05:00Z'),
      messages: {
        conversation: 1,
        msg: Array.from({ length: count }, (_, i) =>
          i === count - 1
            ? { ...ownMessage(i + 1, 'How is your week going?', null), sender: 501 }
            : ownMessage(i + 1, `Message ${i + 1}`, null),
        ),
      },
    },
  });

  it('draws every message of the page, oldest first, under the other member', async () => {
    const { html, title } = await renderMemberScreen('/chats/1', 'en', en, answers(3));
    expect(title).toBe('Conversation with Member 501 · Amora');
    expect(html).toContain('<h1 class="h6 mb-0">Member 501</h1>');
    // No size to virtualize by: every row, in the pane that starts at the newest.
    expect(html).toContain('class="chat-pane chat-pane-unsized"');
    const texts = [...html.matchAll(/<p class="chat-text mb-0">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(texts).toEqual(['Message 1', 'Message 2', 'How is your week going?']);
    expect(html).toContain('New messages');
  });

  it("leaves clock times to the app, which knows the member's time zone", async () => {
    const { html } = await renderMemberScreen('/chats/1', 'en', en, answers(2));
    expect(html).toContain('<time dateTime="2026-01-01T00:01:00Z">\u00a0</time>');
  });

  it('draws nothing of a conversation the page did not come with', async () => {
    const { html } = await renderMemberScreen('/chats/2', 'en', en, answers(2));
    expect(html).not.toContain('chat-text');
  });
});
