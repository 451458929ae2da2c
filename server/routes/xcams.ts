/**
 * Sponsored webcams (SPEC §6, §7): the abortable search the members grid mixes in, the redirect a
 * cam card opens, the demo snapshots and the local demo destination used until a partner is set.
 */
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../src/shared/contract/fields';
import {
  CamAccount,
  CamRedirectQuery,
  CamSnapshotParams,
  CamsQuery,
  CamsResponse,
  ResellPartnerQuery,
} from '../../src/shared/contract/members';
import { isSponsoredEligible } from '../../src/shared/sponsored';
import { HttpError, notLoggedIn } from '../lib/http-error';
import { createCamFeed, fillTemplate } from '../xcams/feed';
import { demoPage } from '../xcams/demo-page';
import { createSnapshotStore } from '../xcams/snapshot';

const DemoQuery = z.object({
  account: CamAccount.optional(),
  flow: ResellPartnerQuery.shape.flow.optional(),
});

const unknownAccount = () => new HttpError(404, 'Unknown webcam account');

const xcamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { xcams } = app.config;
  const feed = createCamFeed(xcams, app.log);
  const snapshots = createSnapshotStore(join(app.config.dataDir, 'xcams'));

  app.get(
    '/api/xcams/search.php',
    {
      schema: {
        summary: 'Sponsored webcam profiles',
        description:
          'Only for logged-in members who are not paid_user, signed up more than 4 days ago, on a ' +
          'site whose member_resell holds cams or camads; anyone else gets 403. Entries come from ' +
          'the partner feed (XCAMS_FEED_URL) or the local demo feed, filtered by gender and age. A ' +
          'failing or slow partner gives an empty list, never an error.',
        tags: ['sponsored'],
        querystring: CamsQuery,
        response: { 200: CamsResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request, reply) => {
      const me = request.member;
      if (!me) throw notLoggedIn();
      const user = await app.repos.members.getUser(me.id, {
        fictionalIcon: false,
        now: Date.now(),
      });
      if (!isSponsoredEligible(user, app.site.config, Date.now())) {
        throw new HttpError(403, 'Sponsored webcam profiles are not available for this account');
      }
      const entries = await feed.search(request.query);
      void reply.header('cache-control', 'private, no-store');
      const cams: CamsResponse['cams'] = {};
      entries.forEach((entry, index) => {
        cams[String(index)] = {
          ...entry,
          snapshot: entry.snapshot ?? xcams.snapshotPrefix + entry.account,
        };
      });
      return { cams };
    },
  );

  app.get(
    '/api/xcams/redirect.php',
    {
      schema: {
        summary: 'Open a webcam profile',
        description:
          'Opened in a new window by a cam card: 302 to the webcam partner (XCAMS_REDIRECT_URL, by ' +
          'default the local demo page). An account the feed does not know is a 404.',
        tags: ['sponsored'],
        querystring: CamRedirectQuery,
        response: { 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const entry = await feed.find(request.query.account);
      if (!entry) throw unknownAccount();
      void reply.header('cache-control', 'no-store');
      return reply.redirect(fillTemplate(xcams.redirectUrl, { account: entry.account }), 302);
    },
  );

  app.get(
    '/api/xcams/snapshot/:account',
    {
      schema: {
        summary: 'Demo webcam snapshot',
        description:
          'PNG snapshot of a demo-feed performer (the default XCAMS_SNAPSHOT_PREFIX points here); ' +
          'with a partner feed, snapshots come from the partner image host instead.',
        tags: ['sponsored'],
        // No response schema: the body is PNG bytes; errors are ApiError JSON like everywhere.
        params: CamSnapshotParams,
      },
    },
    async (request, reply) => {
      const entry = feed.demo ? await feed.find(request.params.account) : undefined;
      if (!entry) throw unknownAccount();
      const png = await snapshots.png(entry).catch((err: unknown) => {
        request.log.warn({ err }, 'xcams: snapshot render failed');
        return null;
      });
      if (!png) throw new HttpError(404, 'Snapshot not available');
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );

  app.get(
    '/api/xcams/demo.php',
    {
      schema: {
        summary: 'Demo partner destination',
        description:
          'A plain page standing in for the webcam and ad partners until XCAMS_REDIRECT_URL and ' +
          'RESELL_PARTNER_URL are set, so sponsored links never leave the site in the demo.',
        tags: ['sponsored'],
        // No response schema: the body is an HTML page.
        querystring: DemoQuery,
      },
    },
    async (request, reply) => {
      const { account, flow } = request.query;
      const entry = account ? await feed.find(account) : undefined;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(demoPage(app.site.config.name, entry, flow));
    },
  );
};

export default xcamsRoutes;
