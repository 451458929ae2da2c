/** /api/user.php: the logged-in user (GET), sign-up (POST ?new=1) and profile edits (PUT). */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SignupBody,
  SignupQuery,
  UserResponse,
  UserUpdateBody,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { todayIso } from '../lib/dates';
import { notLoggedIn } from '../lib/http-error';
import { noneMatchHits } from '../plugins/conditional-get';
import { routeLimit } from '../plugins/rate-limit';
import { requireMember, startSession } from '../plugins/session';
import { grantDueAllowances } from '../services/premium-allowance';
import { toProfilePatch } from '../services/profile-update';
import { signup } from '../services/signup';
import { signupOpenFiller } from '../services/signup-prerender';
import { loadUser } from '../services/user-loader';
import { siteTag, userEtag } from '../services/user-etag';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.prerenderFillers.set('signup', signupOpenFiller(app.site.config));
  const limits = app.config.rateLimits;
  const site = siteTag({ fictional_icon: app.site.config.fictional_icon });

  app.get(
    '/api/user.php',
    {
      schema: {
        summary: 'The logged-in user',
        description:
          'Polled by the client. 403 when logged out: the client then clears its user. Answers ' +
          'with an ETag and 304 for a matching If-None-Match.',
        tags: ['account'],
        response: { 200: UserResponse, 403: ApiError },
      },
      config: { etag: true },
    },
    async (request, reply) => {
      const { id, tokenHash, revisions } = requireMember(request);
      const now = Date.now();
      // Read with the session: an unchanged poll is answered after that one statement.
      let state = revisions?.user ?? (await app.repos.members.userState(id, now));
      if (state?.allowanceDue) {
        // Monthly premium credits are granted when the app next asks for the user.
        await grantDueAllowances(app, id, now);
        state = await app.repos.members.userState(id, now);
      }
      if (!state) throw notLoggedIn();
      // Read before the answer: a write in between makes the next poll fetch again, never the
      // reverse (an old answer under a new tag).
      request.answerEtag = userEtag(id, tokenHash, state, site);
      if (noneMatchHits(request.headers['if-none-match'], request.answerEtag)) {
        // Bodiless, so outside the answer's schema; Fastify types the reply by that schema.
        return (reply as FastifyReply).code(304).send();
      }
      return { user: await loadUser(app, id) };
    },
  );

  app.post(
    '/api/user.php',
    {
      schema: {
        summary: 'Sign up',
        description:
          'Creates a not yet confirmed member, logs them in (sets the session cookie) and returns ' +
          'the user. 409 when the email is taken (key signup.existing_account_active or ' +
          'signup.deleted_account_exists); 400 with key signup.name_equal_to_email when the name ' +
          'is the email. A csrf value that is a SHA-512 hex string must match lowercased email + ' +
          'user agent; other values are the client fallback and are accepted.',
        tags: ['account'],
        querystring: SignupQuery,
        body: SignupBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError, 409: ApiError, 429: ApiError },
      },
      config: routeLimit(limits.signup, limits.windowMs),
    },
    async (request, reply) => {
      const id = await signup(app, request.body, request.headers['user-agent'], app.siteOrigin());
      await startSession(request, reply, id);
      return { user: await loadUser(app, id) };
    },
  );

  app.put(
    '/api/user.php',
    {
      schema: {
        summary: 'Update living area or profile',
        description:
          'Body is either {country, countryregion, city} or {profile: {...}} with any subset of the ' +
          'profile fields. Country must be one of the site countries, the region must belong to it, ' +
          'and the date of birth must be a real date of someone 18 to 100 years old.',
        tags: ['account'],
        body: UserUpdateBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const { id } = requireMember(request);
      const current = await loadUser(app, id);
      const patch = toProfilePatch(
        request.body,
        { email: current.email, country: current.profile.country },
        app.site,
        todayIso(),
      );
      await app.repos.members.updateProfile(id, patch);
      return { user: await loadUser(app, id) };
    },
  );
};

export default userRoutes;
