/**
 * /api/user.php?push=…: this device's web push subscription (SPEC §7). POST ?push=1 stores it for
 * the session member (an endpoint belongs to one member: a device that changes hands moves);
 * DELETE (or POST ?push=0) removes it. The signup POST of routes/user.ts owns the same path, so
 * these routes carry a router constraint that matches only requests with a `push` query.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  PushQuery,
  PushResult,
  PushSubscriptionBody,
  PushUnsubscribeBody,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { HttpError } from '../lib/http-error';
import { requireMember } from '../plugins/session';

/** Router constraint: requests to /api/user.php whose query has a `push` parameter. */
const PUSH_CONSTRAINT = 'userPushQuery';
const HAS_PUSH_QUERY = /[?&]push=/;
type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteStore = NonNullable<ReturnType<ReturnType<Strategy['storage']>['get']>>;

/** Registers the constraint once per app (find-my-way routers are per app). */
function addPushConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(PUSH_CONSTRAINT)) return;
  app.addConstraintStrategy({
    name: PUSH_CONSTRAINT,
    storage() {
      const stores = new Map<unknown, RouteStore>();
      return {
        get: (value: unknown) => stores.get(value) ?? null,
        set: (value: unknown, store: RouteStore) => void stores.set(value, store),
      };
    },
    deriveConstraint: (req: { url?: string }) =>
      req.url && HAS_PUSH_QUERY.test(req.url) ? 'push' : undefined,
    mustMatchWhenDerived: false,
  });
}

/** A P-256 public key (65 bytes uncompressed) and a 16-byte auth secret, both base64url. */
function checkKeys(keys: { p256dh: string; auth: string }): void {
  const p256dh = decode(keys.p256dh);
  const auth = decode(keys.auth);
  if (p256dh?.length !== 65 || p256dh[0] !== 4 || auth?.length !== 16) {
    throw new HttpError(400, 'The subscription keys are not valid web push keys', 'push.bad_keys');
  }
}

function decode(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/** Push services are https; plain http is only accepted outside production (local test services). */
function checkEndpoint(app: FastifyInstance, endpoint: string): void {
  const { protocol } = new URL(endpoint);
  if (protocol === 'https:' || (protocol === 'http:' && app.config.nodeEnv !== 'production'))
    return;
  throw new HttpError(400, 'The push endpoint must be an https address', 'push.bad_endpoint');
}

type UnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

function endpointOf(body: UnsubscribeBody): string {
  return 'endpoint' in body ? body.endpoint : body.subscription.endpoint;
}

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  addPushConstraint(app);
  const constraints = { [PUSH_CONSTRAINT]: 'push' };

  const remove = async (request: FastifyRequest, body: UnsubscribeBody) => {
    const { id } = requireMember(request);
    await app.repos.push.remove(id, endpointOf(body));
    return { subscribed: false };
  };

  app.post(
    '/api/user.php',
    {
      constraints,
      schema: {
        // One OpenAPI operation per path and method: the signup POST keeps the docs entry.
        hide: true,
        querystring: PushQuery,
        body: PushSubscriptionBody.or(PushUnsubscribeBody),
        response: { 200: PushResult, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const { body } = request;
      if (request.query.push === '0') return remove(request, body);
      const { id } = requireMember(request);
      if (!('subscription' in body)) {
        throw new HttpError(400, 'A subscription is required', 'push.no_subscription');
      }
      checkEndpoint(app, body.subscription.endpoint);
      checkKeys(body.subscription.keys);
      await app.repos.push.save(id, body.subscription, Date.now());
      return { subscribed: true };
    },
  );

  app.delete(
    '/api/user.php',
    {
      constraints,
      schema: {
        summary: 'Remove this device from web push',
        description:
          'DELETE ?push=1 (or POST ?push=0) with {endpoint} or {subscription}: the session ' +
          "member's subscription of that endpoint is removed. POST ?push=1 with {subscription: " +
          '{endpoint, keys: {p256dh, auth}}} stores it (an https endpoint, a 65-byte P-256 key ' +
          'and a 16-byte auth secret, base64url; else 400); an endpoint another member had moves ' +
          'to the session member. Both answer {subscribed}; 403 when logged out.',
        tags: ['account'],
        querystring: PushQuery,
        body: PushUnsubscribeBody,
        response: { 200: PushResult, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => remove(request, request.body),
  );
};

export default pushRoutes;
