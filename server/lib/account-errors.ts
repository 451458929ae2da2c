/**
 * The refusals of the account flows, one place for their `account_errors.*` keys (translated in
 * locales/<lng>/messages.json). Password and token mistakes are 400s; an address in use is a 409.
 */
import { HttpError } from './http-error';

/** A password guessing tools try first (lib/common-passwords.ts): refused where one is chosen. */
export const passwordTooCommon = () =>
  new HttpError(
    400,
    'This password is too common; choose one that is harder to guess',
    'account_errors.password_too_common',
  );

/** An unknown, used or expired reset link: the page offers to request a new one. */
export const resetTokenInvalid = () =>
  new HttpError(
    400,
    'This reset link is invalid, used or expired',
    'account_errors.reset_token_invalid',
  );

/** An unknown, used or expired mail change link. */
export const mailTokenInvalid = () =>
  new HttpError(
    400,
    'This confirmation link is invalid, used or expired',
    'account_errors.mail_token_invalid',
  );

/** Another account (live, banned or deleted) uses the address. */
export const emailTaken = () =>
  new HttpError(409, 'Another account uses this email address', 'account_errors.email_taken');

/** The new address is the current one. */
export const emailSame = () =>
  new HttpError(400, 'This is already your email address', 'account_errors.email_same');

/** A wrong or missing password where one confirms an account action. */
export const wrongPassword = () =>
  new HttpError(400, 'The password is not correct', 'account_errors.wrong_password');

/** The new password is the current one: a change that changes nothing is refused. */
export const passwordSame = () =>
  new HttpError(
    400,
    'The new password is the same as the current one',
    'account_errors.password_same',
  );
