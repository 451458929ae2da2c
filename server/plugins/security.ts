/**
 * Browser-facing protection: helmet headers with a strict CSP, and an Origin check on every unsafe
 * method (the real CSRF defence next to SameSite cookies). Also logs the client's app headers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ORIGINAL_HOST_HEADER, PACKAGE_HEADER } from '../../src/shared/contract/fields';
import { PRERENDER_MANIFEST, type PrerenderManifest } from '../../src/shared/prerender/pages';
import { helmetHeaders } from '../lib/helmet-headers';
import { inlineScriptHashes, isAllowedOrigin } from '../lib/origin';
import { hostChecker } from '../lib/site-origin';
import { apiError } from './errors';
import { unencapsulated } from './unencapsulated';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: no Origin check on this route. Only for server-to-server calls that prove themselves
     * otherwise (a payment provider's signed webhook); never for a route a browser session uses.
     */
    originCheck?: boolean;
  }
}

/** Origin of an absolute cdn_prefix (a CDN for uploads), or null for a same-origin path. */
function cdnOrigin(prefix: string): string | null {
  try {
    return new URL(prefix).origin;
  } catch {
    return null;
  }
}

/**
 * Hashes of inline scripts in the built index.html and in the prerendered pages (their manifest
 * lists them); none when the client is not built.
 */
function builtInlineScripts(clientDir: string): string[] {
  const hashes: string[] = [];
  try {
    hashes.push(...inlineScriptHashes(readFileSync(join(clientDir, 'index.html'), 'utf8')));
  } catch {
    return [];
  }
  try {
    const manifest = JSON.parse(
      readFileSync(join(clientDir, PRERENDER_MANIFEST), 'utf8'),
    ) as Partial<PrerenderManifest>;
    hashes.push(...(manifest.scriptHashes ?? []).filter((h) => /^'sha256-[\w+/=]+'$/.test(h)));
  } catch {
    // built without prerendered pages
  }
  return hashes;
}

/** An answer of the API (JSON, or a file to save), not a page: everything under /api/ but its docs. */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export default unencapsulated('security', async (app: FastifyInstance) => {
  const { config } = app;
  const https = config.baseUrl?.startsWith('https://') ?? false;
  const cdn = cdnOrigin(config.site.cdn_prefix);
  // HSTS only means something on https; on http://localhost it would only confuse.
  const hsts = https ? { maxAge: 31_536_000, includeSubDomains: true } : false;

  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...builtInlineScripts(config.clientDir)],
        // Inline <style> (critical CSS, Swagger UI) is allowed; inline scripts are not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(cdn ? [cdn] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: hsts,
    crossOriginEmbedderPolicy: false,
  });
  // A JSON answer is never a document: no script, style or frame of it runs, so the page policy
  // and the document-only headers (opener policy, agent cluster, DNS prefetch, IE's download and
  // XSS switches, Flash's cross-domain policy) do nothing there. It gets the policy that forbids
  // everything, framing included, and the headers that still act on a resource (no MIME sniffing,
  // no cross-origin reads, no referrer, no framing in older browsers): about half the bytes that
  // every poll carries. Swagger UI under /api/docs is a page and keeps the page's headers.
  const apiHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: hsts,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const allowedHosts = config.baseUrl ? [new URL(config.baseUrl).host] : [];
  const isSiteHost = hostChecker(config);
  let forwardedWarned = false;

  /** The first host of the request (Host, then X-Forwarded-Host) that is not the site's. */
  const foreignHost = (host: string, forwarded: string | string[] | undefined) => {
    if (forwarded === undefined) return isSiteHost(host.trim()) ? undefined : host.trim();
    return [host, ...[forwarded].flat().flatMap((f) => f.split(','))]
      .map((h) => h.trim())
      .find((h) => !isSiteHost(h));
  };

  // One hook for every request, in this order: the headers, the host, the origin. It runs on every
  // answer, so it is synchronous and allocates nothing on the common path.
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, as @fastify/helmet does: a route's own reply.header() still wins.
    const headers = isApiAnswer(request.url) ? apiHeaders : securityHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);

    // First of all: a Host (or X-Forwarded-Host) that is not the site's gets nothing but a 400, as
    // Django's ALLOWED_HOSTS does. What a request could then build from it (links, redirects) is
    // built from the configuration anyway; this also shuts out DNS rebinding.
    const { host = '' } = request.headers;
    const forwarded = request.headers['x-forwarded-host'];
    const foreign = foreignHost(host, forwarded);
    if (foreign !== undefined) {
      request.log.warn({ host, forwarded }, 'request for a foreign host refused');
      void reply
        .code(400)
        .send(
          apiError(
            400,
            `This site does not answer for the host "${foreign.slice(0, 100)}"; it is ${app.siteOrigin()}`,
            'security.unknown_host',
          ),
        );
      return;
    }
    if (!forwardedWarned && config.trustProxy === false && request.headers['x-forwarded-for']) {
      forwardedWarned = true;
      request.log.warn(
        'a request came through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: rate limits ' +
          'and logs see the proxy as the client; set TRUST_PROXY to the proxy (server/README.md)',
      );
    }

    const packageName = request.headers[PACKAGE_HEADER];
    const originalHost = request.headers[ORIGINAL_HOST_HEADER];
    if (packageName !== undefined || originalHost !== undefined) {
      request.log.debug({ packageName, originalHost }, 'client headers');
    }
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.originCheck === false) {
      done();
      return;
    }
    const { origin, referer } = request.headers;
    if (!isAllowedOrigin(origin ?? referer, [request.host, ...allowedHosts])) {
      request.log.warn({ origin, referer, host: request.host }, 'cross-origin request refused');
      void reply
        .code(403)
        .send(apiError(403, 'Cross-origin request refused', 'security.origin_mismatch'));
      return;
    }
    done();
  });

  // API answers carry personal data: no shared or disk cache keeps them unless a route says so.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
