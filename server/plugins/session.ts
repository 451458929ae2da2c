/**
 * Cookie sessions: a random 256-bit token in an HttpOnly, SameSite=Lax cookie; the database keeps
 * only its SHA-256. Sessions last 30 days and slide forward with use. A banned member's session
 * authenticates nothing: calls that need or read the member answer 403 banned (and clear the
 * cookies), calls open to visitors treat them as a visitor.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BANNED_KEY, type BanDetails } from '../../src/shared/contract/fields';
import { bannedError, HttpError, notLoggedIn } from '../lib/http-error';
import { randomToken, sha256Hex } from '../lib/tokens';
import type { MemberRevisions } from '../repositories/session.repository';
import { unencapsulated } from './unencapsulated';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'amora_sid';
/**
 * A readable companion of the session cookie, holding no secret: it lets the page skip the user call
 * (and its 403) for visitors who have no session at all.
 */
export const SESSION_HINT_COOKIE = 'amora_in';
/** Session lifetime from the last extension (30 days, like the SPEC's preference cookie). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extending a session costs a write, so it happens at most this often per session. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

/** The member behind the request's session cookie. */
export interface SessionMember {
  id: number;
  tokenHash: string;
  /**
   * The member's revisions as read with the session at the start of this request, for the polls'
   * tags; absent for a session this request started (the polls then read them themselves).
   */
  revisions?: MemberRevisions;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved once per /api request from the session cookie; null when logged out. */
    member: SessionMember | null;
    /** The ban behind the session cookie, when a ban ended that session; `member` is null then. */
    ban: BanDetails | null;
  }
}

function cookieOptions(app: FastifyInstance, maxAgeMs: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.baseUrl?.startsWith('https://') ?? false,
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** Starts a session for a member (after sign-up or login) and sets the cookie. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
): Promise<void> {
  const app = request.server;
  if (request.member) await app.repos.sessions.delete(request.member.tokenHash);
  const token = randomToken();
  const now = Date.now();
  const tokenHash = sha256Hex(token);
  await app.repos.sessions.create({
    tokenHash,
    memberId,
    now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: request.headers['user-agent'] ?? null,
  });
  request.member = { id: memberId, tokenHash };
  setSessionCookies(reply, app, token);
}

function setSessionCookies(reply: FastifyReply, app: FastifyInstance, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(app, SESSION_TTL_MS));
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...cookieOptions(app, SESSION_TTL_MS),
    httpOnly: false,
  });
}

function clearSessionCookies(reply: FastifyReply, app: FastifyInstance): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(app, 0));
  reply.clearCookie(SESSION_HINT_COOKIE, { ...cookieOptions(app, 0), httpOnly: false });
}

/** Ends the current session, if any, and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.member) await request.server.repos.sessions.delete(request.member.tokenHash);
  request.member = null;
  clearSessionCookies(reply, request.server);
}

/** The logged-in member, or a 403 that makes the client clear its user (SPEC §8) or show the ban. */
export function requireMember(request: FastifyRequest): SessionMember {
  if (request.ban) throw bannedError(request.ban);
  if (!request.member) throw notLoggedIn();
  return request.member;
}

/**
 * The logged-in member or null, for calls that also serve visitors but answer members
 * differently: a banned session is told so instead of getting the visitors' answer.
 */
export function sessionMember(request: FastifyRequest): SessionMember | null {
  if (request.ban) throw bannedError(request.ban);
  return request.member;
}

export default unencapsulated('session', async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('member', null);
  app.decorateRequest('ban', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = sha256Hex(token);
    const now = Date.now();
    const session = await app.repos.sessions.findActive(tokenHash, now);
    // An unknown session leaves the cookies alone: this answer may land after a login's answer
    // (a poll sent with the old cookie) and would clear the new session's cookie. The page forgets
    // its hint itself once the user call says logged out.
    if (!session) return;
    if (session.banned) {
      // A rare path, so the ban's details cost a query only here. Lifted meanwhile: no session.
      request.ban = (await app.repos.bans.activeBan(session.memberId)) ?? null;
      return;
    }
    request.member = { id: session.memberId, tokenHash, revisions: session.revisions };
    if (now - session.lastSeenAt > SLIDE_AFTER_MS) {
      await app.repos.sessions.extend(tokenHash, now, now + SESSION_TTL_MS);
      await app.repos.members.touch(session.memberId, now);
      setSessionCookies(reply, app, token);
    }
  });

  // The cookies of an ended session go with the answer that tells the client it is banned; other
  // answers leave them, so a parallel call still learns why (e.g. settings before the user call).
  app.addHook('onError', async (request, reply, error) => {
    if (error instanceof HttpError && error.key === BANNED_KEY) clearSessionCookies(reply, app);
  });
});
