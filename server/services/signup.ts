/** Sign-up rules (SPEC §5, §6) on top of the contract's shape checks; returns the new member id. */
import type { FastifyInstance } from 'fastify';
import type { SignupBody } from '../../src/shared/contract/account';
import { passwordTooCommon } from '../lib/account-errors';
import { isCommonPassword } from '../lib/common-passwords';
import { isSignupCsrfAcceptable } from '../lib/csrf';
import { HttpError } from '../lib/http-error';
import { mailproviderOf } from '../lib/mailprovider';
import { hashPassword } from '../lib/passwords';
import { landerOfPath } from '../lib/stats-dimensions';
import { parseTrafficSource } from '../../src/shared/tracking-query';
import { startChat } from './chat';
import { queueActivationMail } from './mailer';

/** Why an existing email blocks a sign-up, with the key the wizard shows (SPEC §8). */
function existingAccountError(status: string): HttpError {
  return status === 'deleted'
    ? new HttpError(
        409,
        'A deleted account uses this email address',
        'signup.deleted_account_exists',
      )
    : new HttpError(
        409,
        'An account with this email address exists',
        'signup.existing_account_active',
      );
}

/** Creates the member and queues their activation mail (links start at `origin`), or throws. */
export async function signup(
  app: FastifyInstance,
  body: SignupBody,
  userAgent: string | undefined,
  origin: string,
): Promise<number> {
  const { site, repos } = app;
  const mode = site.config.signups;
  const network = body.trafficsource ? parseTrafficSource(body.trafficsource).network : undefined;
  if (mode === 'off' || (mode === 'with_trafficsource' && !network)) {
    throw new HttpError(403, 'Sign-ups are by invitation only', 'signup.invite_only');
  }
  if (body.name.toLowerCase() === body.email) {
    throw new HttpError(400, 'Name must not be the email address', 'signup.name_equal_to_email');
  }
  if (!isSignupCsrfAcceptable(body.csrf, body.email, [body.n ?? undefined, userAgent])) {
    throw new HttpError(
      400,
      'The sign-up form is out of date; reload the page',
      'signup.csrf_mismatch',
    );
  }
  if (isCommonPassword(body.password)) throw passwordTooCommon();
  const status = await repos.members.emailStatus(body.email);
  if (status !== 'new') throw existingAccountError(status);

  const country = body.country?.toUpperCase() ?? null;
  const language = body.language ?? site.config.domain_language;
  const lander = body.form_path ? landerOfPath(body.form_path) : null;
  const id = await repos.members.create({
    email: body.email,
    passwordHash: await hashPassword(body.password),
    name: body.name,
    language,
    country: country && site.isAllowedCountry(country) ? country : null,
    trafficsource: body.trafficsource ?? null,
    referrer: body.referrer ?? null,
    timezone: body.timezone ?? null,
    mailprovider: mailproviderOf(body.email),
    signupDesign: lander?.design ?? '',
    signupSlug: lander?.slug ?? '',
    now: Date.now(),
  });
  // A parallel sign-up with the same email won the race.
  if (id === undefined) throw existingAccountError('active');
  await queueActivationMail(app, { id, email: body.email, name: body.name, language }, origin);
  if (body.profile) await openOriginChat(app, id, body.profile);
  return id;
}

/**
 * Opens the conversation with the member whose page the visitor signed up from, so it is in the
 * new member's chat list whatever device they continue on. A member who cannot be talked to
 * (unknown, left, banned) is skipped: the sign-up itself succeeded.
 */
async function openOriginChat(app: FastifyInstance, id: number, profile: number): Promise<void> {
  try {
    await startChat(app, id, profile);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
}
