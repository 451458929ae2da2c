/**
 * The route table of SPEC §2.3 as plain data: path, name, auth level, layout, aliases, validity rule.
 * Pure TypeScript importing only the pure slug rule, so the server can use it to answer unknown page
 * paths with 404. `src/routes.tsx` joins each entry to its lazy screen.
 */
import { parseLanderSlug } from './lander-slug';

export type AuthLevel = 'public' | 'optional' | 'default';
export type LayoutName = 'default' | 'chat' | 'empty' | 'lander';

export interface RouteDef {
  /** Route name used by links and page-wrapper classes (SPEC §1). */
  name: string;
  /** React Router path pattern; `?` marks an optional segment. */
  path: string;
  aliases?: string[];
  auth: AuthLevel;
  layout: LayoutName;
  /** Screen module key in `src/routes.tsx`. */
  screen: string;
  /** Validity rule on the params; false gives the 404 error page (SPEC §2.1). */
  valid?: (params: Record<string, string | undefined>) => boolean;
  /** Holders of this role only: any other member gets the 404 error page, as if the route did not exist. */
  role?: RouteRole;
}

/** The roles a screen may require; each is a flag of the same name on the user (`moderator`, `stats`). */
export type RouteRole = 'moderator' | 'stats';

const numericId = (key: string) => (p: Record<string, string | undefined>) =>
  /^[1-9]\d{0,9}$/.test(p[key] ?? '');
/** A lander slug of SPEC §2.5 (`eng`, `she-nl`, …); anything else is the 404 page. */
const slug = (p: Record<string, string | undefined>) => parseLanderSlug(p.slug ?? '') !== null;

export const STATIC_PAGES = [
  'ban',
  'faq',
  'terms',
  'cookies',
  'privacy',
  'service',
  'return-policy',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export const LANDER_KINDS = [
  'video',
  'gallery',
  'maplanding',
  'alonetonight',
  'iconslanding',
  'socialnetwork',
  'collagelanding',
  'transitionsvideolanding',
] as const;

/** Landers that show full-bleed media use the empty layout; the rest use the lander layout. */
const EMPTY_LAYOUT_LANDERS = new Set(['video', 'transitionsvideolanding', 'collagelanding']);

export const ROUTES: RouteDef[] = [
  { name: 'index', path: '/', auth: 'optional', layout: 'default', screen: 'home' },
  { name: 'login', path: '/login', auth: 'public', layout: 'default', screen: 'login' },
  { name: 'signup', path: '/signup', auth: 'public', layout: 'chat', screen: 'signup' },
  {
    name: 'complete-signup',
    path: '/complete-signup',
    auth: 'public',
    layout: 'default',
    screen: 'completeSignup',
  },
  {
    name: 'signup-matches',
    path: '/signup-matches',
    auth: 'public',
    layout: 'empty',
    screen: 'signupMatches',
  },
  { name: 'chats', path: '/chats', auth: 'default', layout: 'default', screen: 'chats' },
  {
    name: 'chats-chatId',
    path: '/chats/:chatId',
    auth: 'default',
    layout: 'chat',
    screen: 'chat',
    valid: numericId('chatId'),
  },
  {
    name: 'members',
    path: '/members',
    aliases: ['/search'],
    auth: 'optional',
    layout: 'default',
    screen: 'members',
  },
  {
    name: 'members-memberId',
    path: '/members/:memberId',
    aliases: ['/likes/m/:memberId'],
    auth: 'optional',
    layout: 'default',
    screen: 'member',
    valid: numericId('memberId'),
  },
  {
    name: 'members-memberId-chat',
    path: '/members/:memberId/chat',
    auth: 'public',
    layout: 'chat',
    screen: 'memberChat',
    valid: numericId('memberId'),
  },
  {
    name: 'members-memberId-signup',
    path: '/members/:memberId/signup',
    auth: 'public',
    layout: 'lander',
    screen: 'memberLander',
    valid: numericId('memberId'),
  },
  {
    name: 'members-memberId-landing',
    path: '/members/:memberId/landing',
    auth: 'public',
    layout: 'lander',
    screen: 'memberLander',
    valid: numericId('memberId'),
  },
  {
    name: 'members-memberId-landing2-slug',
    path: '/members/:memberId/landing2/:slug',
    auth: 'public',
    layout: 'empty',
    screen: 'memberLander',
    valid: (p) => numericId('memberId')(p) && slug(p),
  },
  {
    name: 'members-memberId-landing3-slug',
    path: '/members/:memberId/landing3/:slug',
    auth: 'public',
    layout: 'empty',
    screen: 'memberLander',
    valid: (p) => numericId('memberId')(p) && slug(p),
  },
  { name: 'premium', path: '/premium', auth: 'public', layout: 'default', screen: 'premium' },
  { name: 'pricing', path: '/pricing', auth: 'public', layout: 'default', screen: 'premium' },
  { name: 'profile', path: '/profile', auth: 'default', layout: 'default', screen: 'profile' },
  {
    name: 'complaints',
    path: '/complaints',
    auth: 'public',
    layout: 'default',
    screen: 'complaints',
  },
  { name: 'likes', path: '/likes', auth: 'default', layout: 'default', screen: 'likes' },
  {
    name: 'likes-type',
    path: '/likes/:type',
    auth: 'default',
    layout: 'default',
    screen: 'likes',
    valid: (p) => p.type === 'received' || p.type === 'given' || p.type === 'mutual',
  },
  {
    name: 'match-finder',
    path: '/match-finder',
    auth: 'public',
    layout: 'empty',
    screen: 'matchFinder',
  },
  {
    name: 'notifications',
    path: '/notifications',
    auth: 'default',
    layout: 'default',
    screen: 'notifications',
  },
  {
    name: 'activate-done',
    path: '/activate/done',
    auth: 'public',
    layout: 'default',
    screen: 'activateDone',
  },
  {
    name: 'activate-error',
    path: '/activate/error',
    auth: 'public',
    layout: 'default',
    screen: 'activateError',
  },
  {
    name: 'mail-change-do',
    path: '/mail-change/do',
    auth: 'public',
    layout: 'default',
    screen: 'mailChange',
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    auth: 'optional',
    layout: 'default',
    screen: 'resetPassword',
  },
  {
    name: 'reset-password-do',
    path: '/reset-password/do',
    auth: 'optional',
    layout: 'default',
    screen: 'resetPasswordDo',
  },
  {
    name: 'account-deleted',
    path: '/account-deleted',
    auth: 'optional',
    layout: 'default',
    screen: 'accountDeleted',
  },
  { name: 'credits', path: '/credits', auth: 'default', layout: 'default', screen: 'credits' },
  {
    name: 'credits-repeat-order',
    path: '/credits/repeat-order',
    auth: 'default',
    layout: 'default',
    screen: 'credits',
  },
  {
    name: 'credits-creditId-paymentMethod',
    path: '/credits/:creditId/:paymentMethod?',
    auth: 'default',
    layout: 'default',
    screen: 'credits',
    valid: numericId('creditId'),
  },
  {
    name: 'transactions-transactionId',
    path: '/transactions/:transactionId',
    auth: 'public',
    layout: 'default',
    screen: 'transaction',
    valid: numericId('transactionId'),
  },
  {
    name: 'moderation',
    path: '/moderation',
    auth: 'default',
    layout: 'default',
    screen: 'moderation',
    role: 'moderator',
  },
  {
    name: 'moderation-members-memberId',
    path: '/moderation/members/:memberId',
    auth: 'default',
    layout: 'default',
    screen: 'moderation',
    role: 'moderator',
    valid: numericId('memberId'),
  },
  {
    name: 'moderation-stats',
    path: '/moderation/stats',
    auth: 'default',
    layout: 'default',
    screen: 'stats',
    role: 'stats',
  },
  ...STATIC_PAGES.map((page): RouteDef => ({
    name: `pages-${page}`,
    path: `/pages/${page}`,
    auth: 'public',
    layout: 'default',
    screen: 'staticPage',
  })),
  ...LANDER_KINDS.map((kind): RouteDef => ({
    name: `landers-${kind}-slug`,
    path: `/landers/${kind}/:slug`,
    auth: 'public',
    layout: EMPTY_LAYOUT_LANDERS.has(kind) ? 'empty' : 'lander',
    screen: `${kind}Lander`,
    valid: slug,
  })),
  { name: 'dev', path: '/_dev', auth: 'public', layout: 'default', screen: 'dev' },
  { name: 'dev-dialogs', path: '/_dev/dialogs', auth: 'public', layout: 'default', screen: 'dev' },
  { name: 'dev-top-nav', path: '/_dev/top-nav', auth: 'public', layout: 'default', screen: 'dev' },
  {
    name: 'dev-activate-reminder',
    path: '/_dev/activate-reminder',
    auth: 'public',
    layout: 'default',
    screen: 'dev',
  },
];

/**
 * A route pattern as a regular expression's source; `:x` is one segment, `:x?` an optional last
 * segment, each a capture group. The app shell's preload script (scripts/shell-preload.ts) matches
 * with the same sources, so it finds the route this table finds.
 */
export function routePatternSource(pattern: string): string {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (!seg.startsWith(':')) return '/' + seg.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      return seg.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return `^${source || '/'}/?$`;
}

/** Turns a route pattern into a matcher (see routePatternSource). */
function compile(pattern: string): (path: string) => Record<string, string | undefined> | null {
  const names = pattern
    .split('/')
    .filter((seg) => seg.startsWith(':'))
    .map((seg) => seg.slice(1, seg.endsWith('?') ? -1 : undefined));
  const re = new RegExp(routePatternSource(pattern));
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    const params: Record<string, string | undefined> = {};
    names.forEach((n, i) => {
      const v = m[i + 1];
      params[n] = v === undefined ? undefined : decodeURIComponent(v);
    });
    return params;
  };
}

/** Compiled on first use: the app's router never needs them, only the server and the build. */
let matchers: { route: RouteDef; match: ReturnType<typeof compile> }[] | undefined;

/** The route a page path belongs to, or null when it is unknown or fails its validity rule. */
export function matchRoute(
  pathname: string,
): { route: RouteDef; params: Record<string, string | undefined> } | null {
  matchers ??= ROUTES.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((p) => ({ route, match: compile(p) })),
  );
  for (const { route, match } of matchers) {
    let params: Record<string, string | undefined> | null;
    try {
      params = match(pathname);
    } catch {
      return null; // malformed percent-encoding
    }
    if (params) return route.valid && !route.valid(params) ? null : { route, params };
  }
  return null;
}

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

/** Builds the path of a named route (SPEC §2.3 "named routes referenced elsewhere"). */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  const route = routeByName(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return (
    route.path
      .split('/')
      .map((seg) => {
        if (!seg.startsWith(':')) return seg;
        const key = seg.replace(/^:|\?$/g, '');
        const value = params[key];
        return value === undefined ? '' : encodeURIComponent(String(value));
      })
      .join('/')
      .replace(/\/+$/, '') || '/'
  );
}
