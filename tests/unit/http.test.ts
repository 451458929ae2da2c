import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, isApiFailure, kindForStatus } from '../../src/api/failure';
import { call, send } from '../../src/api/http';
import { demoUser, searchResponse } from './helpers/fixtures';

function reply(status: number, body: unknown, type = 'application/json'): Response {
  const text =
    typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': type } });
}

function stubFetch(...responses: Array<Response | Error>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const r of responses) {
    if (r instanceof Error) fetchMock.mockRejectedValueOnce(r);
    else fetchMock.mockResolvedValueOnce(r);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends the package and original-host headers, same-origin credentials and a JSON body', async () => {
    const fetchMock = stubFetch(reply(200, { user: demoUser() }));
    const result = await call('login', { body: { email: 'demo@example.com', password: 'pw' } });

    expect(result.user.email).toBe('demo@example.com');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login.php');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"email":"demo@example.com","password":"pw"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers['x-package-name']).toBe('amora');
    expect(headers['x-original-host']).toBe(location.host);
    expect(headers['content-type']).toBe('application/json');
  });

  it('puts the query in the URL and skips empty values', async () => {
    const fetchMock = stubFetch(reply(200, searchResponse([])));
    await call('search', { query: { page: 2, manual_search: '1', gender: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search.php?page=2&manual_search=1');
  });

  it('parses a plain-text answer such as logout "done"', async () => {
    stubFetch(reply(200, 'done', 'text/plain'));
    await expect(call('logout')).resolves.toBe('done');
  });

  it('classifies 403 as forbidden and 401 as unauthorized, keeping the ApiError', async () => {
    stubFetch(
      reply(403, { statusCode: 403, error: 'Forbidden', message: 'Not logged in' }),
      reply(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Wrong password',
        key: 'login.error_credentials',
      }),
    );
    const forbidden = await failure(call('user'));
    expect(forbidden.kind).toBe('forbidden');
    expect(forbidden.status).toBe(403);
    const unauthorized = await failure(call('login', { body: { email: 'a@b.nl', password: 'x' } }));
    expect(unauthorized.kind).toBe('unauthorized');
    expect(unauthorized.apiError?.key).toBe('login.error_credentials');
    expect(unauthorized.message).toBe('Wrong password');
  });

  it('classifies other 4xx as client errors with the server body, 5xx as server errors', async () => {
    stubFetch(
      reply(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }),
      reply(422, 'not an ApiError', 'text/plain'),
      reply(503, { statusCode: 503, error: 'Unavailable', message: 'Down' }),
    );
    const limited = await failure(call('user'));
    expect([limited.kind, limited.status, limited.apiError?.error]).toEqual([
      'client',
      429,
      'Too Many Requests',
    ]);
    const odd = await failure(call('user'));
    expect([odd.kind, odd.apiError]).toEqual(['client', null]);
    const down = await failure(call('user'));
    expect(down.kind).toBe('server');
  });

  it('reports network errors and aborts separately', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const offline = await failure(call('user'));
    expect([offline.kind, offline.status]).toEqual(['network', null]);

    const controller = new AbortController();
    controller.abort();
    stubFetch(new DOMException('aborted', 'AbortError'));
    const aborted = await failure(call('user', { signal: controller.signal }));
    expect(aborted.kind).toBe('aborted');
  });

  it('rejects an answer that breaks the contract, with the schema issues', async () => {
    stubFetch(reply(200, { user: { email: 42 } }));
    const invalid = await failure(call('user'));
    expect(invalid.kind).toBe('invalid-response');
    expect(invalid.issues.length).toBeGreaterThan(0);
  });

  it('refuses to send input that breaks the contract', async () => {
    const fetchMock = stubFetch();
    const invalid = await failure(call('login', { body: { email: 'not-an-email', password: '' } }));
    expect(invalid.kind).toBe('invalid-request');
    expect(invalid.issues.map((i) => i.message)).toContain('Value is not a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('send and helpers', () => {
  it('sends raw requests with the same headers', async () => {
    const fetchMock = stubFetch(reply(200, { ok: true }));
    await expect(
      send('POST', '/api/dev.php', { body: { action: 'zero-credits' } }),
    ).resolves.toEqual({ ok: true });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['x-package-name']).toBe('amora');
  });

  it('maps statuses to failure kinds', () => {
    expect([200, 304, 401, 403, 404, 429, 500, 502].map(kindForStatus)).toEqual([
      null,
      null,
      'unauthorized',
      'forbidden',
      'client',
      'client',
      'server',
      'server',
    ]);
    expect(isApiFailure(new ApiFailure('network', 'GET /x'), 'network')).toBe(true);
    expect(isApiFailure(new Error('x'))).toBe(false);
  });
});
