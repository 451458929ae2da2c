/** GET /api/profile.php: one member's profile page data (SPEC §2.3 members-memberId). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { ProfileDetails, ProfileDetailsQuery } from '../../src/shared/contract/members';
import { todayIso } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import { sessionMember } from '../plugins/session';

/** Keeps only the entries the site shows, in the site's order. */
function pick(values: Record<string, string>, visible: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    visible.flatMap((name) => {
      const value = values[name];
      return value ? [[name, value]] : [];
    }),
  );
}

const profileRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile.php',
    {
      schema: {
        summary: 'A member profile',
        description:
          'The profile of member id: photos (main_image and images, thumb_filename and filename ' +
          'under settings.cdn_prefix), age, living area with the region name, the select fields ' +
          'of settings.visible_profile_fields as value keys (profile_fields.php), the notes of ' +
          'settings.visible_profile_notes, the about-me text, and the likes between viewer and ' +
          'member (did_like_profile only for a liker the likes list names to the viewer: all ' +
          'with premium, else the newest few). premium: true for a premium member. A member who left, is banned or is blocked either way is 404 (profile.not_found). ' +
          'Visitors only when settings.logged_out_search is on (else 403). Logged in it answers ' +
          'with an ETag and 304 for a matching If-None-Match.',
        tags: ['search'],
        querystring: ProfileDetailsQuery,
        response: { 200: ProfileDetails, 400: ApiError, 403: ApiError, 404: ApiError },
      },
      config: { etag: true },
    },
    async (request) => {
      const viewer = sessionMember(request)?.id ?? null;
      const { config, regionData } = app.site;
      if (viewer === null && !config.logged_out_search) {
        throw new HttpError(403, 'Log in to see member profiles', 'auth.not_logged_in');
      }
      const profile = await app.repos.profiles.findVisible(
        request.query.id,
        viewer,
        todayIso(),
        Date.now(),
      );
      if (!profile) throw new HttpError(404, 'This member cannot be found', 'profile.not_found');
      const region =
        profile.country !== null && profile.countryregion !== null
          ? (regionData[profile.country]?.find((r) => r.id === profile.countryregion)?.name ?? null)
          : null;
      return {
        ...profile,
        region,
        fields: pick(profile.fields, config.visible_profile_fields),
        notes: pick(profile.notes, config.visible_profile_notes),
      };
    },
  );
};

export default profileRoute;
