/** /api/mail_change.php: change the account's address (POST), confirm the new one (PUT). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MailChangeBody,
  MailChangeConfirmBody,
  MailChangeConfirmed,
  MailChangeResult,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../config';
import { memberLimit, routeLimit } from '../plugins/rate-limit';
import { requireMember } from '../plugins/session';
import { confirmMailChange, requestMailChange } from '../services/mail-change';
import { loadUser } from '../services/user-loader';

const mailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.config;
  const max = rateLimits.mailChange ?? DEFAULT_RATE_LIMITS.mailChange;

  app.post(
    '/api/mail_change.php',
    {
      schema: {
        summary: 'Change the email address',
        description:
          'Logged in. The same address is a 400 (account_errors.email_same); an address any other ' +
          'account uses, deleted ones included, a 409 (account_errors.email_taken). Not yet ' +
          'activated: the address changes at once, earlier activation links stop working and a ' +
          'new activation mail goes to the new address; pending_email is null. Activated: the ' +
          'password is required (wrong or missing: 400 account_errors.wrong_password) and a link to ' +
          '/mail-change/do?token=…, valid 24 hours, goes to the new address, which replaces the old ' +
          'one only when opened; pending_email is that address. Rate limited per member.',
        tags: ['account'],
        body: MailChangeBody,
        response: {
          200: MailChangeResult,
          400: ApiError,
          403: ApiError,
          409: ApiError,
          429: ApiError,
        },
      },
      config: memberLimit(max, rateLimits.windowMs),
    },
    async (request) => {
      const { id } = requireMember(request);
      const pending = await requestMailChange(app, id, request.body, app.siteOrigin());
      return { user: await loadUser(app, id), pending_email: pending };
    },
  );

  app.put(
    '/api/mail_change.php',
    {
      schema: {
        summary: 'Confirm a new email address',
        description:
          'The /mail-change/do page sends the token of the mailed link; no login needed (the link ' +
          'may be opened on another device). An unknown, used or expired token is a 400 ' +
          '(account_errors.mail_token_invalid); an address another account took meanwhile a 409 ' +
          '(account_errors.email_taken). Otherwise the address changes, reset links mailed to the ' +
          'old one stop working and the member’s open apps get a user event. Rate limited per IP.',
        tags: ['account'],
        body: MailChangeConfirmBody,
        response: { 200: MailChangeConfirmed, 400: ApiError, 409: ApiError, 429: ApiError },
      },
      config: routeLimit(max, rateLimits.windowMs),
    },
    async (request) => {
      const { email } = await confirmMailChange(app, request.body.token);
      return { email };
    },
  );
};

export default mailChangeRoutes;
