/** /api/notification_settings.php: the member's e-mail notification switches, kept per member. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationSettings,
  NotificationSettingsUpdate,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { requireMember } from '../plugins/session';

const notificationSettingsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notification_settings.php',
    {
      schema: {
        summary: 'My e-mail notification switches',
        description: 'Every switch is on until the member turns it off. 403 when logged out.',
        tags: ['account'],
        response: { 200: NotificationSettings, 403: ApiError },
      },
    },
    async (request) => app.repos.push.notificationSettings(requireMember(request).id),
  );

  app.post(
    '/api/notification_settings.php',
    {
      schema: {
        summary: 'Change e-mail notification switches',
        description:
          'Body: any of email_messages, email_likes (booleans); the others keep their value. ' +
          'Answers every switch. Unknown names are a 400; 403 when logged out.',
        tags: ['account'],
        body: NotificationSettingsUpdate,
        response: { 200: NotificationSettings, 400: ApiError, 403: ApiError },
      },
    },
    async (request) =>
      app.repos.push.updateNotificationSettings(
        requireMember(request).id,
        request.body,
        Date.now(),
      ),
  );
};

export default notificationSettingsRoute;
