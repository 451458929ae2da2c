/**
 * The site's own origin and host names, from configuration only. Links in mails, payment return
 * addresses and redirects start at `siteOrigin`, never at the request's Host or X-Forwarded-Host:
 * a client writes those, and a reset link built from them mails the key to someone else's site.
 */

/** Names that reach this machine only; a request for them came from the machine itself. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The parts of the config these need. */
export interface OriginSettings {
  baseUrl?: string;
  host: string;
}

/** The host of an address to listen on as it stands in a URL (IPv6 in brackets). */
function urlHost(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

/** True for 0.0.0.0 and ::, which listen on every interface rather than name one. */
function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::' || address === '[::]';
}

/**
 * BASE_URL, or on the embedded default the address the server listens on (`http://localhost:PORT`
 * when it listens on every interface), without a trailing slash.
 */
export function siteOrigin(settings: OriginSettings, port: number): string {
  if (settings.baseUrl) return settings.baseUrl;
  const host = isWildcard(settings.host) ? 'localhost' : urlHost(settings.host);
  return `http://${host}:${port}`;
}

/** Lower case, without the port. */
function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.lastIndexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/** Lower case, with the scheme's default port removed as browsers do in Origin. */
function hostWithPort(host: string, scheme: string): string {
  const lower = host.toLowerCase();
  const defaultPort = scheme === 'https:' ? ':443' : ':80';
  return lower.endsWith(defaultPort) ? lower.slice(0, -defaultPort.length) : lower;
}

/**
 * Decides whether a Host header names this site: BASE_URL's host (its port included), or a
 * loopback name on any port (health checks and the embedded default), or the one address the
 * server was told to listen on.
 */
export function hostChecker(settings: OriginSettings): (host: string) => boolean {
  const names = new Set(LOOPBACK_NAMES);
  if (!isWildcard(settings.host)) names.add(urlHost(settings.host).toLowerCase());
  const base = settings.baseUrl ? new URL(settings.baseUrl) : undefined;
  const exact = base ? hostWithPort(base.host, base.protocol) : undefined;
  return (host) => {
    if (host === '') return false;
    if (names.has(hostName(host))) return true;
    return base !== undefined && hostWithPort(host, base.protocol) === exact;
  };
}
