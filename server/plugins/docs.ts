/**
 * OpenAPI document and Swagger UI at /api/docs, generated from the zod contract of each route.
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { unencapsulated } from './unencapsulated';

export default unencapsulated('docs', async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.config.site.name} API`,
        description:
          'The calls of the member site. Paths keep their .php names so the client also fits the ' +
          'original backend. Errors are JSON ApiError bodies; the session is the amora_sid cookie.',
        version: '1.0.0',
      },
      tags: [
        { name: 'account', description: 'Sign-up, login, the logged-in user' },
        { name: 'search', description: 'Member search' },
        { name: 'landers', description: 'Invitation pages, match-finder and sign-up matches' },
        { name: 'likes', description: 'Likes given and received; exactly-once actions' },
        { name: 'chats', description: 'Conversations' },
        { name: 'moderation', description: 'The moderation console (moderators only)' },
        { name: 'stats', description: 'The stats console (holders of the stats role only)' },
        { name: 'live', description: 'Live events (Server-Sent Events)' },
        { name: 'site', description: 'Settings and static site data' },
        { name: 'i18n', description: 'Interface messages' },
        { name: 'ops', description: 'Operations' },
        { name: 'dev', description: 'Developer tools (off in production)' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
