/**
 * Serves the built client (dist/client), locale messages and uploads (from the file storage,
 * routes/uploads.ts), and answers every path no route claims: page paths get index.html (200 for
 * a known route, 404 otherwise), the rest JSON 404.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGES, type Language } from '../../src/shared/contract/fields';
import { I18nParams } from '../../src/shared/contract/settings';
import { matchRoute } from '../../src/shared/route-table';
import { PRERENDER_DIR } from '../../src/shared/prerender/pages';
import { pageLanguage, withMessagesPreload } from '../lib/page-language';
import {
  fillPage,
  mayGetPrerendered,
  prerenderedReader,
  siteSlotValues,
} from '../lib/prerendered-pages';
import uploadsRoute from '../routes/uploads';
import { firstAnswersScreen, shellAnswers, withShellAnswers } from '../services/first-answers';
import { memberPages } from '../services/member-page';
import { STORED_HINT_COOKIE } from '../../src/shared/prerender/member-screens';
import { pageViewOf } from '../services/page-views';
import { SESSION_HINT_COOKIE } from './session';
import { apiError } from './errors';
import { unencapsulated } from './unencapsulated';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that must be revalidated on every load so a new deploy is picked up. */
const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'sw-push.js', 'manifest.webmanifest']);
/** SPEC §9: locale messages are cached for 24 hours. */
const MESSAGES_CACHE = 'public, max-age=86400';
/** Paths that are files, never pages: a miss there is a JSON 404, not the app shell. */
const FILE_PATH = /^\/(api|assets|uploads|_i18n)(\/|$)|\.[a-z0-9]+$/i;

/** Cache-Control for a file of the built client. */
export function clientCacheControl(relativePath: string): string {
  const path = relativePath.split(sep).join('/');
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (NO_CACHE_FILES.has(path)) return 'no-cache';
  return 'public, max-age=3600';
}

/** index.html, re-read when a new build replaces it. */
function indexReader(clientDir: string): () => string | null {
  const file = join(clientDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

export default unencapsulated('static', async (app: FastifyInstance) => {
  const { clientDir, localesDir } = app.config;

  await app.register(uploadsRoute);

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // Prerendered pages are sent for their page paths only, with their slots filled.
      allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDER_DIR}/`),
      setHeaders: (reply, filePath) =>
        reply.header('cache-control', clientCacheControl(relative(clientDir, filePath))),
    });
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/_i18n/:locale/messages.json',
    {
      schema: {
        summary: 'Interface messages of one language',
        description: 'Locale may be a language (en) or a tag (en-US); cached for 24 hours.',
        tags: ['i18n'],
        params: I18nParams,
      },
    },
    async (request, reply) => {
      const language = request.params.locale.slice(0, 2).toLowerCase();
      if (!(LANGUAGES as readonly string[]).includes(language)) {
        return reply.code(404).send(apiError(404, `Unsupported locale: ${request.params.locale}`));
      }
      return sendMessages(reply, join(localesDir, language as Language, 'messages.json'));
    },
  );

  const readIndex = indexReader(clientDir);
  const prerendered = prerenderedReader(clientDir);
  const memberPage = memberPages(prerendered, clientDir, app.config.localesDir, app.log);
  const siteSettings = app.site.settings({ country: null, selected: null });

  /**
   * A page path: its prerendered HTML for a visitor when the build has it (src/prerender), else
   * the app shell; 200 for a known route, 404 otherwise, 503 without a build. A lander or
   * match-finder page counts as a funnel view (services/page-views.ts).
   */
  const servePage = async (path: string, reply: FastifyReply) => {
    const { cookies, headers } = reply.request;
    const language = pageLanguage(cookies, headers['accept-language']);
    const known = matchRoute(path) !== null;
    const page = known && mayGetPrerendered(cookies) ? prerendered.page(path, language) : null;
    const filled =
      page &&
      (await fillPage(reply.request, page, siteSlotValues(siteSettings), app.prerenderFillers));
    const shell = filled ? null : readIndex();
    if (!filled && !shell) {
      return reply
        .code(503)
        .send(apiError(503, 'The client is not built yet: run `npm run build`, then reload.'));
    }
    const view =
      known && reply.request.method === 'GET'
        ? pageViewOf(reply.request.url, language, cookies)
        : null;
    if (view) app.pageViews.count(view.event, view.dimensions);
    reply
      .code(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8');
    if (filled) return reply.header('content-language', page.match.language).send(filled);
    const html = withMessagesPreload(shell!, language);
    // The member list and the likes: the answers they start with come in the shell
    // (services/first-answers.ts).
    const screen = firstAnswersScreen(path);
    const first =
      screen && reply.request.method === 'GET' && cookies[SESSION_HINT_COOKIE] !== undefined
        ? await shellAnswers(
            app,
            reply.request,
            screen,
            path,
            new URL(reply.request.url, 'http://x').searchParams,
          )
        : null;
    if (!first) return reply.send(html);
    for (const cookie of first.setCookies) reply.header('set-cookie', cookie);
    // The member's own data: no shared cache may keep this page.
    reply.header('cache-control', 'private, no-cache');
    // A device with nothing stored gets the screen drawn already (services/member-page.ts).
    const drawn =
      cookies[STORED_HINT_COOKIE] === undefined
        ? await memberPage.page(
            screen!,
            path,
            language,
            first.answers,
            siteSlotValues(siteSettings),
          )
        : null;
    return reply.send(withShellAnswers(drawn ?? html, first.answers, path));
  };

  // The file server would answer the root folder itself with 403; the root is the home page.
  app.get('/', { schema: { hide: true } }, (_request, reply) => servePage('/', reply));

  // Rate limited like any route, so probing for URLs costs the same as calling them.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !FILE_PATH.test(path);
    if (!isPage) {
      return reply.code(404).send(apiError(404, `Not found: ${request.method} ${path}`));
    }
    return servePage(path, reply);
  });
});

/** Sends a messages file with an ETag, answering 304 when the client has it already. */
async function sendMessages(reply: FastifyReply, file: string): Promise<FastifyReply> {
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return reply.code(404).send(apiError(404, 'No messages for this locale'));
  }
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('cache-control', MESSAGES_CACHE).header('etag', etag);
  if (reply.request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
