/** A failure the client caused or may see: its status, a readable message and an i18n key. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly key: string | undefined;

  constructor(statusCode: number, message: string, key?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.key = key;
  }
}

/** Thrown when a route needs a logged-in member and there is none (SPEC §8: the client then clears the user). */
export function notLoggedIn(): HttpError {
  return new HttpError(403, 'You are not logged in', 'auth.not_logged_in');
}
