/**
 * The app shell's first answers (src/shared/first-answers.ts): for a member's page load, the
 * answers the first screen needs, asked of this same server in process with the member's own
 * cookies, so they pass the same session, rate limit, grants and schema as the client's calls
 * would. Nothing is written when the member is not logged in or any answer is not a 200.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { autoSearchParams } from '../../src/shared/auto-search';
import {
  FIRST_ANSWERS_ID,
  FIRST_SCREEN_CARDS,
  type FirstAnswers,
} from '../../src/shared/first-answers';

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
 * The one page with first answers. The other member screens' data comes through the sync worker,
 * which their page starts at once: given only the user, a screen mounted sooner but asked for its
 * data later, and /likes and /chats measured slower (`npm run bench -- cold`).
 */
export const FIRST_ANSWERS_PATH = '/members';

/** The shell's first answers for `request`'s page, with the cookies the user call set. */
export interface ShellAnswers {
  answers: FirstAnswers;
  setCookies: string[];
}

/**
 * The answers for /members (its address's query in `query`): the user, the settings and the
 * automatic first search; null for a visitor or when the user call is not a 200.
 */
export async function shellAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  query: URLSearchParams,
): Promise<ShellAnswers | null> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const ask = (url: string) => app.inject({ method: 'GET', url, headers });
  const searchUrl = `/api/search.php?${autoSearchParams({
    trafficsource: query.get('network') ?? undefined,
  })}`;
  const [user, settings, search] = await Promise.all([
    ask('/api/user.php'),
    ask('/api/settings.php'),
    ask(searchUrl),
  ]);
  if (user.statusCode !== 200) return null;
  const setCookie = user.headers['set-cookie'];
  return {
    answers: {
      user: (user.json() as { user: FirstAnswers['user'] }).user,
      ...(settings.statusCode === 200 && { settings: settings.json() }),
      ...(search.statusCode === 200 && { search: search.json() }),
    },
    setCookies: setCookie === undefined ? [] : [setCookie].flat(),
  };
}

/**
 * The shell with its first answers before `</head>`: a JSON data block (never run, so the CSP
 * needs nothing; `<` escaped so no answer can close it) and the first photos asked for at once.
 */
export function withShellAnswers(html: string, answers: FirstAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  const prefix = answers.settings?.cdn_prefix ?? '';
  const photos = (answers.search?.profiles ?? [])
    .flatMap((profile) => (profile.main_image ? [prefix + profile.main_image.thumb_filename] : []))
    .slice(0, FIRST_SCREEN_CARDS)
    .map(
      (src) =>
        `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high">`,
    )
    .join('');
  const data = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
  return html.replace('</head>', `${photos}${data}</head>`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
