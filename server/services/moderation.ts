/**
 * The moderation console's reads and its one authorization rule: only members whose role is
 * moderator get an answer; everyone else gets the JSON 404 of an unknown path, so the console's
 * calls cannot even be told apart from calls that do not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  ModerationMemberResponse,
  ModerationQueueResponse,
} from '../../src/shared/contract/moderation';
import { todayIso } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import type { SessionMember } from '../plugins/session';
import { objectKey, readObject } from '../storage/object-store';

/** The answer of an unknown path (plugins/static.ts), word for word. */
export function unknownPath(request: FastifyRequest): HttpError {
  const path = request.url.split('?')[0] ?? '/';
  return new HttpError(404, `Not found: ${request.method} ${path}`);
}

/** A console call's 404 for something the moderator asked about that does not exist. */
export function notFound(what: string): HttpError {
  return new HttpError(404, `No such ${what}`, 'moderation.errors.not_found');
}

/**
 * The logged-in moderator, or the unknown-path 404 for anyone else (visitors, members, ended or
 * banned sessions). Runs before the body and query are validated, so bad input reveals nothing.
 */
export async function requireModerator(request: FastifyRequest): Promise<SessionMember> {
  const { member } = request;
  if (!member || !(await request.server.repos.moderation.isModerator(member.id))) {
    throw unknownPath(request);
  }
  return member;
}

/** The open queue, oldest first. */
export function moderationQueue(app: FastifyInstance): Promise<ModerationQueueResponse> {
  return app.repos.moderation.queue();
}

/** One member, every report about them (chat reports with their messages) and their audit log. */
export async function moderationMember(
  app: FastifyInstance,
  memberId: number,
): Promise<ModerationMemberResponse> {
  const [member, reports, audit] = await Promise.all([
    app.repos.moderationMembers.member(memberId, todayIso()),
    app.repos.moderation.reportsAbout(memberId),
    app.repos.moderationMembers.audit(memberId),
  ]);
  if (!member) throw notFound('member');
  return { member, reports, audit };
}

/** Server-made screenshot names (services/images.ts storeScreenshot); anything else is not read. */
const SCREENSHOT_NAME = /^c-[0-9a-f]{32}\.jpg$/;

/** The JPEG bytes of a complaint's screenshot. */
export async function complaintScreenshot(
  app: FastifyInstance,
  complaintId: number,
): Promise<Buffer> {
  const name = await app.repos.moderation.screenshot(complaintId);
  if (name === undefined) throw notFound('complaint');
  if (name === null || !SCREENSHOT_NAME.test(name)) throw notFound('screenshot');
  // A storage outage is a 503 (StorageUnavailableError), not a missing screenshot.
  const bytes = await readObject(app.storage, objectKey('complaints', name));
  if (!bytes) throw notFound('screenshot');
  return bytes;
}
