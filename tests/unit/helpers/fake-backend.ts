/** A fake API server for the sync worker tests: a fetch that answers like the real routes. */
import type { User } from '../../../src/shared/contract/account';
import type { ChatListEntry } from '../../../src/shared/contract/chat';
import type { Profile } from '../../../src/shared/contract/fields';
import { demoSettings, demoUser, profile } from './fixtures';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** What a route answers; 'network-error' rejects the fetch, 'hang' never settles. */
export type FakeReply =
  | { status?: number; body?: unknown; text?: string; headers?: Record<string, string> }
  | 'network-error'
  | 'hang';
export type Override =
  FakeReply | ((request: FakeRequest) => FakeReply | undefined | Promise<FakeReply | undefined>);

export const PASSWORD = 'secret';

const forbidden = {
  status: 403,
  body: {
    statusCode: 403,
    error: 'Forbidden',
    message: 'Not logged in',
    key: 'auth.not_logged_in',
  },
};

function etagOf(body: unknown): string {
  let hash = 0;
  for (const ch of JSON.stringify(body)) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return `"${(hash >>> 0).toString(16)}"`;
}

/** State of one member's account plus the search pool; tests edit fields directly. */
export class FakeBackend {
  /** The logged-in member (the session cookie), or null. */
  user: User | null = null;
  /** Who logs in with PASSWORD. */
  account: User = demoUser();
  chats: ChatListEntry[] = [];
  liked: Array<Profile & { did_like_profile?: boolean }> = [];
  likedBy: Array<{ id: number; like_new: boolean }> = [];
  likedByProfiles: Profile[] = [];
  searchPool: Profile[] = Array.from({ length: 30 }, (_, i) => profile(100 + i));
  similarPool: Profile[] = [];
  requests: FakeRequest[] = [];
  overrides = new Map<string, Override>();

  /** Forces an answer for `METHOD /path` (until cleared). */
  override(route: string, reply: Override): void {
    this.overrides.set(route, reply);
  }

  count(route: string): number {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route).length;
  }

  last(route: string): FakeRequest | undefined {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route).at(-1);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    this.requests.push(request);
    const route = `${request.method} ${request.path}`;
    const override = this.overrides.get(route);
    const forced = typeof override === 'function' ? await override(request) : override;
    const reply = forced ?? this.route(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') return new Promise<Response>(() => undefined);
    return this.respond(request, reply);
  };

  private respond(request: FakeRequest, reply: Exclude<FakeReply, string>): Response {
    const status = reply.status ?? 200;
    if (reply.text !== undefined) {
      return new Response(reply.text, { status, headers: { 'content-type': 'text/plain' } });
    }
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.body === undefined) return new Response(null, { status, headers });
    const polled = request.method === 'GET' && status === 200;
    if (polled) {
      const etag = etagOf(reply.body);
      headers.etag = etag;
      if (request.headers['if-none-match'] === etag)
        return new Response(null, { status: 304, headers });
    }
    headers['content-type'] = 'application/json';
    return new Response(JSON.stringify(reply.body), { status, headers });
  }

  private route(request: FakeRequest): Exclude<FakeReply, string> {
    const { method, path, query } = request;
    const body = request.body as { profile?: number; password?: string } | undefined;
    switch (`${method} ${path}`) {
      case 'GET /api/settings.php':
        return { body: demoSettings() };
      case 'POST /api/login.php':
        if (body?.password !== PASSWORD) {
          return {
            status: 401,
            body: {
              statusCode: 401,
              error: 'Unauthorized',
              message: 'Wrong email address or password',
              key: 'login.invalid_credentials',
            },
          };
        }
        this.user = this.account;
        return { body: { user: this.user } };
      case 'GET /api/logout.php':
        this.user = null;
        return { text: 'done' };
      case 'GET /api/user.php':
        return this.user ? { body: { user: this.user } } : forbidden;
      case 'GET /api/chats.php':
        return this.user ? { body: { chats: this.chats } } : forbidden;
      case 'GET /api/likes.php':
        return this.user
          ? {
              body: {
                profiles: this.liked,
                liked_by: this.likedBy,
                liked_by_profiles: this.likedByProfiles,
              },
            }
          : forbidden;
      case 'POST /api/likes.php':
        if (!this.user) return forbidden;
        if (query.get('seen') === '1') {
          this.likedBy = this.likedBy.map((e) =>
            e.id === body?.profile ? { ...e, like_new: false } : e,
          );
          return { body: { id: body?.profile, like_new: false } };
        }
        this.liked = [
          ...this.liked.filter((p) => p.id !== body?.profile),
          profile(body?.profile ?? 0),
        ];
        return { body: { liked: true, applied: true } };
      case 'DELETE /api/likes.php':
        if (!this.user) return forbidden;
        this.liked = this.liked.filter((p) => p.id !== body?.profile);
        return { body: { liked: false, applied: true } };
      case 'DELETE /api/chat.php': {
        const id = (request.body as { conversation: number }).conversation;
        this.chats = this.chats.filter((c) => c.conversation.id !== id);
        return { body: {} };
      }
      case 'GET /api/search.php':
        return { body: this.search(query) };
      default:
        return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No route' } };
    }
  }

  private search(query: URLSearchParams) {
    const similar = query.get('do_not_save') === '1';
    const pool = similar ? this.similarPool : this.searchPool;
    const page = Number(query.get('page') ?? '1');
    const manual = query.get('manual_search') === '1';
    const maxAge = query.get('max_age');
    return {
      profiles: pool.slice((page - 1) * 12, page * 12),
      paging: { num_results: pool.length, page, pp: 12 },
      filter_options: manual
        ? {
            gender: query.get('gender') ?? '',
            min_age: Number(query.get('min_age')),
            max_age: maxAge ? Number(maxAge) : null,
            country: query.get('country') ?? '',
            countryregion: Number(query.get('countryregion')),
          }
        : { gender: 'male', min_age: 26, max_age: 35, country: 'NL', countryregion: 1 },
    };
  }
}

/** A chat list entry. */
export function chat(
  id: number,
  unread: number,
  updatedAt = '2026-01-01T10:00:00Z',
): ChatListEntry {
  return {
    conversation: { id, last_message: 'Hi', updated_at: updatedAt },
    profile: profile(500 + id),
    num_unread_messages: unread,
  };
}
