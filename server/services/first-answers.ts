/**
 * The app shell's first answers (src/shared/first-answers.ts): for a member's page load, the
 * answers the first screen needs, asked of this same server in process with the member's own
 * cookies, so they pass the same session, rate limit, grants and schema as the client's calls
 * would. Nothing is written when the member is not logged in or any answer is not a 200.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { autoSearchParams } from '../../src/shared/auto-search';
import type { ChatMessagesResponse, ChatsResponse } from '../../src/shared/contract/chat';
import type { CamsResponse, SearchResponse } from '../../src/shared/contract/members';
import {
  FIRST_ANSWERS_ID,
  FIRST_SCREEN_CARDS,
  type FirstAnswers,
} from '../../src/shared/first-answers';
import { likesListsOf } from '../../src/shared/likes-lists';
import type { MemberScreen } from '../../src/shared/prerender/member-screens';
import {
  camList,
  camsParams,
  camsQueryFor,
  interleaveSponsored,
  snapshotUrl,
  sponsoredKinds,
} from '../../src/shared/sponsored';

/** The request's headers that the in-process calls carry: who asks, for which host, from where. */
const FORWARDED = [
  'cookie',
  'host',
  'accept-language',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
] as const;

/**
 * The screens whose page carries first answers, by path: the member list, the likes lists
 * (`/likes` and `/likes/{type}`), the chat list and a conversation. The others (a profile, the
 * settings) get their data through the sync worker, which their page starts at once.
 */
export function firstAnswersScreen(path: string): FirstAnswersScreen | null {
  if (path === '/members') return 'members';
  if (path === '/chats') return 'chats';
  if (conversationOf(path) !== null) return 'chat';
  return /^\/likes(\/(received|given|mutual))?$/.test(path) ? 'likes' : null;
}

/** The conversation a `/chats/{id}` path opens, or null. */
function conversationOf(path: string): number | null {
  const id = /^\/chats\/([1-9]\d{0,9})$/.exec(path)?.[1];
  return id === undefined ? null : Number(id);
}

export type FirstAnswersScreen = MemberScreen;

/**
 * How long the page waits for the sponsored webcams: the demo feed answers at once, a partner's
 * may take its whole timeout (seconds), and the page must not. Left out, the screen asks itself.
 */
export const FIRST_CAMS_WAIT_MS = 250;

/** The shell's first answers for `request`'s page, with the cookies the user call set. */
export interface ShellAnswers {
  answers: FirstAnswers;
  setCookies: string[];
}

/**
 * The answers for `screen` (its address's query in `query`): the user and the settings, and for
 * /members the automatic first search and its webcams, for the likes lists the likes and for the
 * chat list the conversations, each with its ETag; null for a visitor or when the user call is
 * not a 200.
 */
export async function shellAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  screen: FirstAnswersScreen,
  path: string,
  query: URLSearchParams,
): Promise<ShellAnswers | null> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const ask = (url: string) => app.inject({ method: 'GET', url, headers });
  const [user, settings, data] = await Promise.all([
    ask('/api/user.php'),
    ask('/api/settings.php'),
    screenData(ask, screen, path, query),
  ]);
  if (user.statusCode !== 200) return null;
  const setCookie = user.headers['set-cookie'];
  return {
    answers: {
      user: (user.json() as { user: FirstAnswers['user'] }).user,
      ...(settings.statusCode === 200 && { settings: settings.json() }),
      ...data,
    },
    setCookies: setCookie === undefined ? [] : [setCookie].flat(),
  };
}

/** An in-process GET with the page's headers; what of its answer these calls read. */
type Ask = (
  url: string,
) => Promise<{ statusCode: number; json: () => unknown; headers: Record<string, unknown> }>;

/** What `screen` starts with beyond the user and the settings. */
function screenData(
  ask: Ask,
  screen: FirstAnswersScreen,
  path: string,
  query: URLSearchParams,
): Promise<Partial<FirstAnswers>> {
  switch (screen) {
    case 'members':
      return membersData(ask, query);
    case 'likes':
      return polledData(ask, 'likes');
    case 'chats':
      return polledData(ask, 'chats');
    case 'chat':
      return conversationData(ask, conversationOf(path)!);
  }
}

/**
 * A conversation: its chat list entry and its newest page, read without marking it read. None when
 * the conversation is not on the member's list (left, or not theirs): the screen asks as before.
 */
async function conversationData(
  ask: Ask,
  conversation: number,
): Promise<Pick<FirstAnswers, 'conversation'>> {
  const [list, page] = await Promise.all([
    ask('/api/chats.php'),
    ask(`/api/chat.php?conversation=${conversation}&read=0`),
  ]);
  if (list.statusCode !== 200 || page.statusCode !== 200) return {};
  const chat = (list.json() as ChatsResponse).chats.find((c) => c.conversation.id === conversation);
  return chat ? { conversation: { chat, messages: page.json() as ChatMessagesResponse } } : {};
}

/** /members: the automatic first search (the address's `network` kept) and its webcams. */
async function membersData(
  ask: Ask,
  query: URLSearchParams,
): Promise<Pick<FirstAnswers, 'search' | 'cams'>> {
  const params = autoSearchParams({ trafficsource: query.get('network') ?? undefined });
  const res = await ask(`/api/search.php?${params}`);
  if (res.statusCode !== 200) return {};
  const search = res.json() as SearchResponse;
  return { search, ...(await camsFor(ask, search)) };
}

/** The likes lists or the chat list: the answer with the ETag the worker polls it with afterwards. */
async function polledData(
  ask: Ask,
  name: 'likes' | 'chats',
): Promise<Pick<FirstAnswers, typeof name>> {
  const res = await ask(`/api/${name}.php`);
  if (res.statusCode !== 200) return {};
  const etag = res.headers.etag;
  return { [name]: { etag: typeof etag === 'string' ? etag : null, answer: res.json() } };
}

/**
 * The sponsored webcams beside the first search, as the members screen would ask for them: none
 * when the call is not a 200 (a member who does not see them gets a 403) or is not answered
 * within FIRST_CAMS_WAIT_MS.
 */
async function camsFor(ask: Ask, search: SearchResponse): Promise<Pick<FirstAnswers, 'cams'>> {
  const query = camsQueryFor(search.filter_options);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FIRST_CAMS_WAIT_MS);
  });
  try {
    const res = await Promise.race([ask(`/api/xcams/search.php?${camsParams(query)}`), late]);
    return res?.statusCode === 200 ? { cams: { query, answer: res.json() as CamsResponse } } : {};
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shell with its first answers before `</head>`: a JSON data block (never run, so the CSP
 * needs nothing; `<` escaped so no answer can close it) and the first photos asked for at once.
 */
export function withShellAnswers(html: string, answers: FirstAnswers, path?: string): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  const photos = firstScreenPhotos(answers, path)
    .map(
      (src) =>
        `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high">`,
    )
    .join('');
  const data = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
  return html.replace('</head>', `${photos}${data}</head>`);
}

/**
 * The photos of the cards on the first screen, in the grid's order: the first search's results
 * with the sponsored cards the screen places among them (sponsored.ts interleaveSponsored), or
 * the likes list the address opens.
 */
export function firstScreenPhotos(answers: FirstAnswers, path = '/members'): string[] {
  const prefix = answers.settings?.cdn_prefix ?? '';
  if (answers.likes) {
    // The list the address names; /likes opens on the received likes.
    const type = /^\/likes\/(given|mutual)$/.exec(path)?.[1] as 'given' | 'mutual' | undefined;
    const list = likesListsOf(answers.likes.answer)[type ?? 'received'];
    return list
      .slice(0, FIRST_SCREEN_CARDS)
      .flatMap(({ profile }) =>
        profile.main_image ? [prefix + profile.main_image.thumb_filename] : [],
      );
  }
  const kinds = sponsoredKinds(answers.settings);
  const items = interleaveSponsored(
    answers.search?.profiles ?? [],
    answers.cams ? camList(answers.cams.answer.cams) : [],
    kinds,
  ).slice(0, FIRST_SCREEN_CARDS);
  return items.flatMap((item) => {
    if (item.kind !== 'profile') {
      const src = snapshotUrl(item.entry, answers.settings?.cams_snapshot_prefix);
      return src ? [src] : [];
    }
    const image = item.profile.main_image;
    return image ? [prefix + image.thumb_filename] : [];
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
