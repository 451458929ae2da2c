/** /api/likes.php: both like lists (GET), like (POST), mark a received like seen (POST ?seen=1), unlike (DELETE). */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../src/shared/contract/fields';
import {
  FREE_LIKED_BY_VISIBLE,
  LikeBody,
  LikePostQuery,
  LikeResult,
  LikeSeenResult,
  LikesResponse,
} from '../../src/shared/contract/likes';
import { todayIso } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import { requireMember } from '../plugins/session';
import { likeAction } from '../services/likes';
import { answerListPoll } from '../services/list-poll';

const ACTION_RULES =
  'client_id (UUID) makes the action exactly-once: a repeat returns the first answer and changes ' +
  'nothing. client_seq orders actions per profile: one not newer than the last applied is not ' +
  'applied ({liked: current state, applied: false}); without client_seq the action always applies.';

const ACTION_ERRORS = {
  400: ApiError,
  403: ApiError,
  404: ApiError,
  409: ApiError,
  410: ApiError,
} as const;

const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/likes.php',
    {
      schema: {
        summary: 'Likes given and received',
        description:
          'profiles: members I like, newest first, did_like_profile when they like me back. ' +
          'liked_by: who likes me, new ones first, then most recent; liked_by_profiles has their ' +
          'profile cards in the same order. Without premium only the newest ' +
          `${FREE_LIKED_BY_VISIBLE} likers are named; the rest are counted in liked_by_hidden ` +
          '(liked_by_hidden_new of them new), and did_like_profile names no one hidden. Profiles ' +
          'of premium members carry premium: true. Hidden and blocked members are left out. Polled: ' +
          'answers with an ETag and 304 for a matching If-None-Match.',
        tags: ['likes'],
        response: { 200: LikesResponse, 403: ApiError },
      },
      config: { etag: true },
    },
    // Bodiless 304s are outside the answer's schema; Fastify types the reply by that schema.
    async (request, reply) =>
      answerListPoll(request, reply as FastifyReply, 'likes', async (id, now) => {
        const { likes, holdsUntil } = await app.repos.likes.listFor(id, todayIso(), now);
        return { answer: likes, holdsUntil };
      }),
  );

  app.post(
    '/api/likes.php',
    {
      schema: {
        summary: 'Like a profile, or mark a received like seen',
        description:
          `Likes profile and answers {liked, applied}. ${ACTION_RULES} Liking yourself is 400, ` +
          'a member you blocked 403 (likes.blocked), an unknown id 404, a member who left or ' +
          'blocked you 410 (likes.profile_gone). With ?seen=1 it marks the like from profile to ' +
          'me as no longer new and answers {id, like_new: false}; 404 when there is no such like.',
        tags: ['likes'],
        querystring: LikePostQuery,
        body: LikeBody,
        response: { 200: z.union([LikeResult, LikeSeenResult]), ...ACTION_ERRORS },
      },
    },
    async (request) => {
      const me = requireMember(request);
      if (request.query.seen === undefined) {
        return likeAction(app, me.id, request.body, true, app.siteOrigin());
      }
      const { profile } = request.body;
      if (!(await app.repos.likes.markSeen(profile, me.id))) {
        throw new HttpError(404, 'This member does not like you', 'likes.no_such_like');
      }
      return { id: profile, like_new: false };
    },
  );

  app.delete(
    '/api/likes.php',
    {
      schema: {
        summary: 'Unlike a profile',
        description: `Removes my like of profile and answers {liked, applied}. ${ACTION_RULES}`,
        tags: ['likes'],
        body: LikeBody,
        response: { 200: LikeResult, ...ACTION_ERRORS },
      },
    },
    async (request) =>
      likeAction(app, requireMember(request).id, request.body, false, app.siteOrigin()),
  );
};

export default likesRoutes;
