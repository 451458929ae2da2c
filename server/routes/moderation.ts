/**
 * /api/moderation.php: the moderation console's queue (GET), one member's file (GET ?member=) and
 * the actions (POST). Moderators only: anyone else gets the 404 of an unknown path, before the
 * query or body is even read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../src/shared/contract/fields';
import {
  MODERATION_ACTIONS,
  MODERATION_PATH,
  MODERATION_REASON_MAX,
  ModerationActionBody,
  ModerationActionResult,
  ModerationMemberQuery,
  ModerationMemberResponse,
  ModerationQueueResponse,
} from '../../src/shared/contract/moderation';
import { requireMember } from '../plugins/session';
import { moderationMember, moderationQueue, requireModerator } from '../services/moderation';
import { moderate } from '../services/moderation-actions';

/** Route hook: the console's one authorization rule (services/moderation.ts). */
export async function moderatorsOnly(
  request: Parameters<typeof requireModerator>[0],
): Promise<void> {
  await requireModerator(request);
}

/** Private to the moderator: never stored by a browser or a proxy. */
export const NO_STORE = 'private, no-store';

const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MODERATION_PATH,
    {
      schema: {
        summary: 'Moderation queue, or one member',
        description:
          'Moderators only; anyone else (visitors, members, ended sessions) gets the 404 of an ' +
          'unknown path. Without a query: the open reports (chat and profile reports, /complaints ' +
          'form entries) oldest first, and the photos waiting for review. ?member=ID: the member ' +
          '(every photo with its review state, status, ban in force), every report about them ' +
          '(chat reports with the messages between reporter and member around the report, oldest ' +
          'first) and their audit log, newest first. Unknown member: 404 moderation.errors.not_found.',
        tags: ['moderation'],
        querystring: ModerationMemberQuery.partial(),
        response: {
          200: z.union([ModerationMemberResponse, ModerationQueueResponse]),
          400: ApiError,
          404: ApiError,
        },
      },
      onRequest: moderatorsOnly,
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const { member } = request.query;
      return member === undefined ? moderationQueue(app) : moderationMember(app, member);
    },
  );

  app.post(
    MODERATION_PATH,
    {
      schema: {
        summary: 'Act on a member (moderators only)',
        description:
          `action: ${MODERATION_ACTIONS.join(', ')}. member: whom it concerns; complaint: the ` +
          'report or complaint answered, which leaves the open queue (required for dismiss; it ' +
          'must be about the member, or name nobody and come from them); image: the photo of ' +
          `hide_photo / approve_photo; reason: up to ${MODERATION_REASON_MAX} characters, ` +
          'required for warn (mailed to the member in their language) and ban (shown to the ' +
          'member). A ban ends every session of the member at once; unban restores the status ' +
          'they had (they log in again). The change and its audit row commit together. Refusals: ' +
          'yourself 403 moderation.errors.self; a deleted member 409 moderation.errors.deleted ' +
          '(dismiss still closes a report about them); an unknown member, complaint or photo (or ' +
          'one not about this member) 404 moderation.errors.not_found; banning a banned member, ' +
          'unbanning one who is not, or dismissing a handled report 409 ' +
          'moderation.errors.conflict. Anyone but a moderator: the 404 of an unknown path. ' +
          'Answers the member as they are now and the audit entry.',
        tags: ['moderation'],
        body: ModerationActionBody,
        response: {
          200: ModerationActionResult,
          400: ApiError,
          403: ApiError,
          404: ApiError,
          409: ApiError,
        },
      },
      onRequest: moderatorsOnly,
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const moderator = requireMember(request);
      return moderate(app, moderator.id, request.body, app.siteOrigin());
    },
  );
};

export default moderationRoutes;
