/**
 * What an operator reads first in the journal: what the server runs with, what is unsafe or
 * missing for a public site, and the settings that cannot be right, which stop it before it opens
 * anything. Pure over the config, so tests read it without starting a server.
 */
import type { AppConfig } from '../config';
import type { Engine } from '../db/database';
import { siteOrigin } from './site-origin';
import { describeTrustProxy } from './trust-proxy';

/** What the report says, one setting a line. */
export type StartupSummary = Record<string, string>;

/** Names that only this machine reaches, where plain http is no risk. */
function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(name)
  );
}

function listensEverywhere(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** A connection string without its password, for the log. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

/**
 * Settings that cannot be right for a production site, each with what to set instead. Empty
 * outside production, where http on a LAN name is an ordinary test.
 */
export function settingsErrors(config: AppConfig): string[] {
  if (config.nodeEnv !== 'production' || !config.baseUrl) return [];
  const base = new URL(config.baseUrl);
  if (base.protocol === 'http:' && !isLocalHost(base.hostname)) {
    return [
      `BASE_URL=${config.baseUrl} is plain http on a public host: session cookies would travel ` +
        `without Secure and passwords in the clear. Set BASE_URL=https://${base.host} and put ` +
        'TLS in front of the server (deploy/Caddyfile or deploy/nginx.conf; server/README.md, Deploying).',
    ];
  }
  return [];
}

/** What the server runs with, as the start-up report logs it. */
export function startupSummary(config: AppConfig, engine: Engine, port: number): StartupSummary {
  return {
    environment: config.nodeEnv,
    origin: siteOrigin(config, port),
    listen: `${config.host}:${port}`,
    database:
      engine === 'postgres' && config.databaseUrl
        ? `PostgreSQL ${withoutPassword(config.databaseUrl)}`
        : `SQLite in ${config.dataDir}`,
    files: config.s3 ? `S3 bucket ${config.s3.bucket}` : `local disk in ${config.dataDir}`,
    'live events': config.redisUrl ? 'Redis (several instances)' : 'in this process (one instance)',
    mail: config.smtpUrl ? 'SMTP' : 'kept in the outbox table (no SMTP_URL)',
    payments: config.payments.stripe ? 'Stripe' : 'demo provider only',
    'trusted proxies': describeTrustProxy(config.trustProxy),
    metrics:
      [
        config.metrics.token && 'bearer token on the main port',
        config.metrics.port !== undefined && `127.0.0.1:${config.metrics.port} without a token`,
      ]
        .filter(Boolean)
        .join(', ') || 'off',
    postbacks: Object.keys(config.site.postbacks).join(', ') || 'none configured',
    'developer tools': config.devTools ? 'on' : 'off',
  };
}

/** What is unsafe or missing for a public site; empty outside production. */
export function startupWarnings(config: AppConfig): string[] {
  if (config.nodeEnv !== 'production') return [];
  const warnings: string[] = [];
  if (!config.baseUrl) {
    warnings.push(
      'BASE_URL is unset: links in mails point at this machine (http://localhost); ' +
        'set BASE_URL=https://your-domain',
    );
  }
  if (!config.payments.stripe) {
    warnings.push(
      'payments: only the demo provider is configured, so purchases are granted without any ' +
        'money changing hands; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (!config.smtpUrl) {
    warnings.push(
      'mail: SMTP_URL is unset, so activation, reset and notification mails stay in the outbox ' +
        'table and are never delivered',
    );
  }
  if (typeof config.trustProxy === 'number' && listensEverywhere(config.host)) {
    warnings.push(
      `TRUST_PROXY=${config.trustProxy} counts hops while HOST=${config.host} listens on every ` +
        'interface: a client that reaches the port directly chooses its own address. Set ' +
        "HOST=127.0.0.1 or name the proxy's address in TRUST_PROXY",
    );
  }
  if (config.metrics.port !== undefined && !config.metrics.token) {
    warnings.push(
      `metrics: served without a token on 127.0.0.1:${config.metrics.port}; anyone on this ` +
        'machine can read them (set METRICS_TOKEN to guard the main port instead)',
    );
  }
  if (config.devTools) {
    warnings.push('DEV_TOOLS is on: the developer panel can change data; set DEV_TOOLS=0');
  }
  return warnings;
}

/** The warning for demo logins that still open with the password printed in the README. */
export function demoLoginWarning(emails: readonly string[]): string {
  return (
    `start-up report: the demo login${emails.length === 1 ? '' : 's'} ${emails.join(', ')} ` +
    'still open with the published password; delete them or change the password ' +
    '(server/README.md, Deploying)'
  );
}
