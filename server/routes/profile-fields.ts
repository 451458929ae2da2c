/** GET /api/profile_fields.php: the selectable profile fields and their value keys. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileFieldsResponse } from '../../src/shared/contract/settings';
import { PROFILE_FIELDS } from '../lib/profile-fields';

const BODY: ProfileFieldsResponse = Object.fromEntries(
  Object.entries(PROFILE_FIELDS).map(([name, values]) => [
    name,
    { type: 'select' as const, allowed_values: [...values] },
  ]),
);

const profileFieldsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile_fields.php',
    {
      schema: {
        summary: 'Profile fields',
        description:
          'allowed_values per field are value keys; the client translates them ' +
          '(profile_fields.<field>.<value>).',
        tags: ['site'],
        response: { 200: ProfileFieldsResponse },
      },
    },
    async () => BODY,
  );
};

export default profileFieldsRoute;
