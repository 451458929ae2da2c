import { BANNED_KEY, type BanDetails } from '../../src/shared/contract/fields';

/** A failure the client caused or may see: its status, a readable message and an i18n key. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly key: string | undefined;
  /** With key `banned`: the ban the page shows (ApiError.ban). */
  readonly ban: BanDetails | undefined;

  constructor(statusCode: number, message: string, key?: string, ban?: BanDetails) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.key = key;
    this.ban = ban;
  }
}

/** Thrown when a route needs a logged-in member and there is none (SPEC §8: the client then clears the user). */
export function notLoggedIn(): HttpError {
  return new HttpError(403, 'You are not logged in', 'auth.not_logged_in');
}

/** Thrown for a banned member's session or login: the client shows the ban page with `ban`. */
export function bannedError(ban: BanDetails): HttpError {
  return new HttpError(403, 'This account is banned', BANNED_KEY, ban);
}
