/** Minimal document.cookie access: one place that knows the attribute syntax. */

export interface CookieOptions {
  /** Lifetime in seconds; omitted gives a session cookie. */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** The decoded value of a cookie, or null when it is not set. */
export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (!item.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(item.slice(prefix.length));
    } catch {
      return null; // malformed escape written by someone else
    }
  }
  return null;
}

/** The cookie string that `writeCookie` assigns; exported so tests can check the attributes. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`];
  parts.push(`path=${options.path ?? '/'}`);
  if (options.maxAge !== undefined) parts.push(`max-age=${Math.floor(options.maxAge)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  // Secure only where it can work, so http://localhost development keeps its cookies.
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

/** Sets a cookie for the whole site (path /) unless told otherwise. */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  document.cookie = serializeCookie(name, value, options);
}

/** Expires the cookie; `expires` in the past as well as max-age=0, which some engines ignore. */
export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${serializeCookie(name, '', { path, maxAge: 0 })}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
