/** GET /api/signup_matches.php: members who fit a new member, to like right after sign-up. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE } from '../../src/shared/contract/fields';
import { SignupMatchesQuery, SignupMatchesResponse } from '../../src/shared/contract/landers';
import { ageOn, todayIso } from '../lib/dates';
import { requireMember } from '../plugins/session';
import { ageBounds } from '../services/lander-audience';

/** Years either side of the member's own age (SPEC §9's similar-search margin). */
export const MATCH_AGE_MARGIN = 5;

const signupMatchesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/signup_matches.php',
    {
      schema: {
        summary: 'Matches for a new member',
        description:
          `Up to ${SEARCH_PAGE_SIZE} cards for the logged-in member: members of gender (default ` +
          "the other gender of the member's own; every gender when theirs is unknown) aged " +
          `min_age to max_age (either alone leaves the other end open; default ${MATCH_AGE_MARGIN} ` +
          "years around the member's age, any age without a birth date), from the member's country first, then anywhere; members " +
          'with a photo first, then by last activity. Never the member, members they liked or ' +
          'blocked or who blocked them, who left, are banned or hidden. 403 when logged out.',
        tags: ['landers'],
        querystring: SignupMatchesQuery,
        response: { 200: SignupMatchesResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const q = request.query;
      const today = todayIso();
      const basics = await app.repos.members.getSearchBasics(me.id);
      const own = basics?.gender ?? null;
      const other = own === 'male' ? 'female' : own === 'female' ? 'male' : null;
      const age = basics?.date_of_birth ? ageOn(basics.date_of_birth, today) : null;
      const around = (years: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, years));
      // Ages the member chose replace the default range; an end they left out stays open.
      const chosen = q.min_age !== undefined || q.max_age !== undefined;
      const [minAge, maxAge] = chosen
        ? [q.min_age ?? null, q.max_age ?? null]
        : age === null
          ? [null, null]
          : [around(age - MATCH_AGE_MARGIN), around(age + MATCH_AGE_MARGIN)];
      const profiles = await app.repos.landers.matches(
        {
          gender: q.gender ?? other,
          ...ageBounds(minAge, maxAge, today),
          country: basics?.country ?? null,
          viewerId: me.id,
          today,
          now: Date.now(),
        },
        SEARCH_PAGE_SIZE,
      );
      return { profiles };
    },
  );
};

export default signupMatchesRoute;
