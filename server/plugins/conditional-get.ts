/**
 * Conditional polling (DESIGN §3): a route with `config: { etag: true }` answers a logged-in
 * member with a strong ETag of its serialized body and `Cache-Control: private, no-cache`, and
 * with a bodiless 304 while the client's If-None-Match still matches. A route that knows its
 * answer's ETag beforehand (`request.answerEtag`, from a revision) answers 304 itself.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer with an ETag and honour If-None-Match (polled personal calls). */
    etag?: boolean;
  }
  interface FastifyRequest {
    /**
     * The answer's ETag when the route knows it without the body (a revision: user.php, likes.php,
     * chats.php): no hashing, and the route itself answers 304 before building anything.
     */
    answerEtag: string | null;
  }
}

/** Revalidate on every use, and only in the member's own browser. */
export const POLLED_CACHE_CONTROL = 'private, no-cache';

/**
 * The ETag of a body for one session: the session's token hash is mixed in, so the same body
 * for another member (or another session) never has the same tag.
 */
export function sessionEtag(body: string, sessionKey: string): string {
  const digest = createHash('sha256').update(sessionKey).update('\n').update(body);
  return `"${digest.digest('base64url')}"`;
}

/** If-None-Match semantics (RFC 9110 §13.1.2): `*` or any listed tag, compared weakly. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export default unencapsulated('conditional-get', async (app: FastifyInstance) => {
  app.decorateRequest('answerEtag', null);
  // An application-level onSend hook runs before route-level ones, so before compression.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.etag || !request.member) return payload;
    const known = request.answerEtag;
    if (known !== null && reply.statusCode === 304) {
      reply.header('etag', known).header('cache-control', POLLED_CACHE_CONTROL);
      return payload;
    }
    if (reply.statusCode !== 200 || (known === null && typeof payload !== 'string')) return payload;
    const etag = known ?? sessionEtag(payload as string, request.member.tokenHash);
    reply.header('etag', etag).header('cache-control', POLLED_CACHE_CONTROL);
    // A route that knows its tag answered a matching one itself; what is left here is `*`.
    if (!noneMatchHits(request.headers['if-none-match'], etag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    // Fastify's HEAD handler drops the body itself and needs one to measure (null made it a 500).
    return request.method === 'HEAD' ? payload : null;
  });
});
