/**
 * The app shell's first answers (src/shared/first-answers.ts): for a member's page load, the
 * answers the first screen needs, asked of this same server in process with the member's own
 * cookies, so they pass the same session, rate limit, grants and schema as the client's calls
 * would. Nothing is written when the member is not logged in or any answer is not a 200.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { autoSearchParams } from '../../src/shared/auto-search';
import type { CamsResponse, SearchResponse } from '../../src/shared/contract/members';
import {
  FIRST_ANSWERS_ID,
  FIRST_SCREEN_CARDS,
  type FirstAnswers,
} from '../../src/shared/first-answers';
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
 * The one page with first answers. The other member screens' data comes through the sync worker,
 * which their page starts at once: given only the user, a screen mounted sooner but asked for its
 * data later, and /likes and /chats measured slower (`npm run bench -- cold`).
 */
export const FIRST_ANSWERS_PATH = '/members';

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
    ask(searchUrl).then(async (res) => {
      if (res.statusCode !== 200) return {};
      const answer = res.json() as SearchResponse;
      return { search: answer, ...(await camsFor(ask, answer)) };
    }),
  ]);
  if (user.statusCode !== 200) return null;
  const setCookie = user.headers['set-cookie'];
  return {
    answers: {
      user: (user.json() as { user: FirstAnswers['user'] }).user,
      ...(settings.statusCode === 200 && { settings: settings.json() }),
      ...search,
    },
    setCookies: setCookie === undefined ? [] : [setCookie].flat(),
  };
}

/** An in-process GET with the page's headers; what of its answer these calls read. */
type Ask = (url: string) => Promise<{ statusCode: number; json: () => unknown }>;

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
export function withShellAnswers(html: string, answers: FirstAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  const photos = firstScreenPhotos(answers)
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
 * with the sponsored cards the screen places among them (sponsored.ts interleaveSponsored).
 */
export function firstScreenPhotos(answers: FirstAnswers): string[] {
  const prefix = answers.settings?.cdn_prefix ?? '';
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
