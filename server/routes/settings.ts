/** GET /api/settings.php: the site's Settings entity, which the client caches for offline use. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Settings } from '../../src/shared/contract/settings';

const settingsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings.php',
    {
      schema: {
        summary: 'Site settings',
        description:
          'Name, languages, sign-up mode, countries with regions, profile fields, prices and company ' +
          'data. The geoip fields are null: this server does not look up IP locations. ' +
          'cams_snapshot_prefix + account is the address of a sponsored webcam snapshot. push_pub is ' +
          "the server's VAPID public key (base64url) for pushManager.subscribe.",
        tags: ['site'],
        response: { 200: Settings },
      },
    },
    async () => ({
      ...app.site.settings({ country: null, selected: null }),
      cams_snapshot_prefix: app.config.xcams.snapshotPrefix,
      push_pub: app.push.publicKey,
    }),
  );
};

export default settingsRoute;
