/**
 * Process configuration: environment variables validated with zod, plus the site config file.
 * `loadConfig` is the only reader of `process.env`; tests build their own `AppConfig` instead.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Language } from '../src/shared/contract/fields';
import { PaymentMethod } from '../src/shared/contract/payments';
import { Company, SignupsMode } from '../src/shared/contract/settings';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { PostbackTargets } from './postbacks/postback-config';
import { s3ConfigFrom, type S3Config } from './storage/s3-config';

/**
 * The folder of the nearest package.json above `from`: the repository root, whether the server
 * runs from its sources (server/) or from the build (dist/server/).
 */
export function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** The repository root, so paths work whatever the working directory. */
export const ROOT_DIR = packageRoot(fileURLToPath(new URL('.', import.meta.url)));

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Country must be an upper-case two-letter code');

/** How members of one country pay. */
const PaymentCountry = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  vat_rate_bp: z.number().int().min(0).max(10_000),
  methods: z.array(PaymentMethod).min(1),
});
/** A product with a price per currency, integers in minor units. */
const PricedProduct = z.object({
  id: z.number().int().positive(),
  most_chosen: z.boolean().optional(),
  prices: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().positive()),
});

/** `server/site.config.json`: what the Settings call tells the client about this site. */
export const SiteConfig = z.object({
  name: z.string().min(1),
  domain_language: Language,
  signups: SignupsMode,
  countries: z.array(countryCode).min(1),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  minimum_message_costs: z.record(
    z.string(),
    z.object({ costs: z.number(), currency: z.string() }),
  ),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  niche: z.number().int().min(1).max(7),
  fictional_icon: z.boolean(),
  member_resell: z.array(z.enum(['cams', 'camads'])),
  delete_discount: z.boolean(),
  support_phone: z.string(),
  cdn_prefix: z.string(),
  company: Company,
  /** New photos wait for a moderator's approval before others see them. */
  photo_review: z.boolean().default(false),
  /** Currency, VAT included in prices (basis points) and payment methods per country. */
  payment_countries: z.record(countryCode, PaymentCountry),
  /** Prices and methods for members whose country has no entry (and for visitors). */
  default_payment_country: countryCode,
  /** Credit packages; prices per currency in minor units, VAT included. */
  credit_packages: z.array(PricedProduct.extend({ credits: z.number().int().positive() })).min(1),
  /** Premium plans: months of premium and credits added at the start of each month. */
  premium_plans: z
    .array(
      PricedProduct.extend({
        months: z.number().int().min(1).max(36),
        monthly_credits: z.number().int().nonnegative(),
      }),
    )
    .min(1),
  /** Off a member's first purchase; null: none. */
  welcome_discount: z
    .object({ code: z.string().min(1).max(40), percentage: z.number().int().min(1).max(90) })
    .nullable(),
  /** Extra credits on packages bought within `hours_after_signup` of signing up; null: none. */
  time_bonus: z
    .object({
      percentage: z.number().int().min(1).max(1000),
      hours_after_signup: z.number().positive(),
    })
    .nullable(),
  /** Conversions reported to traffic partners, per network; none: nothing is sent. */
  postbacks: PostbackTargets.default({}),
});
/** A validated site config. */
export type SiteConfig = z.infer<typeof SiteConfig>;

/** Request limits per client IP; tests lower or raise them. */
export interface RateLimits {
  /** Every request, per minute. */
  global: number;
  login: number;
  signup: number;
  validateEmail: number;
  /** Chat messages sent, per member (not per IP) and window; absent: the default. */
  chatSend?: number;
  /** Complaints filed, per member and window; absent: the default. */
  complaints?: number;
  /** Photo upload requests, per member and window; absent: the default. */
  uploads?: number;
  /** Password reset requests and uses, per IP (mails to others, token guesses); absent: the default. */
  passwordReset?: number;
  /** Mail change requests (a password check) per member, confirmations per IP; absent: the default. */
  mailChange?: number;
  /** Account deletion attempts (a password check), per member; absent: the default. */
  accountDelete?: number;
  /** Password changes (a check of the current password), per member; absent: the default. */
  passwordChange?: number;
  /** Length of the window of the per-route limits, in ms. */
  windowMs: number;
}

/** Production limits: generous overall, strict where accounts are guessed or created. */
export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  global: 1200,
  login: 10,
  signup: 5,
  validateEmail: 30,
  chatSend: 60,
  complaints: 10,
  uploads: 20,
  passwordReset: 5,
  mailChange: 10,
  accountDelete: 5,
  passwordChange: 5,
  windowMs: 60_000,
};

function scaleLimits(limits: RateLimits, scale: number): RateLimits {
  return {
    global: limits.global * scale,
    login: limits.login * scale,
    signup: limits.signup * scale,
    validateEmail: limits.validateEmail * scale,
    chatSend: (limits.chatSend ?? DEFAULT_RATE_LIMITS.chatSend) * scale,
    complaints: (limits.complaints ?? DEFAULT_RATE_LIMITS.complaints) * scale,
    uploads: (limits.uploads ?? DEFAULT_RATE_LIMITS.uploads) * scale,
    passwordReset: (limits.passwordReset ?? DEFAULT_RATE_LIMITS.passwordReset) * scale,
    mailChange: (limits.mailChange ?? DEFAULT_RATE_LIMITS.mailChange) * scale,
    accountDelete: (limits.accountDelete ?? DEFAULT_RATE_LIMITS.accountDelete) * scale,
    passwordChange: (limits.passwordChange ?? DEFAULT_RATE_LIMITS.passwordChange) * scale,
    windowMs: limits.windowMs,
  };
}

/** Where sponsored results come from and lead to (SPEC §7 xcams and resellpartner calls). */
export interface XcamsConfig {
  /** Partner feed address with {gender}, {min_age}, {max_age} placeholders; absent: the local demo feed. */
  feedUrl?: string;
  /** A slow partner must not hold up search pages. */
  feedTimeoutMs: number;
  /** Snapshot address = prefix + account; the default serves the demo snapshots locally. */
  snapshotPrefix: string;
  /** Webcam partner address with an {account} placeholder, for GET /api/xcams/redirect.php. */
  redirectUrl: string;
  /** Ad partner address with a {flow} placeholder, for GET /api/resellpartner.php. */
  resellUrl: string;
}

/** Works out of the box and offline: the demo feed, local snapshots and a local demo destination. */
export const DEFAULT_XCAMS: XcamsConfig = {
  feedTimeoutMs: 3000,
  snapshotPrefix: '/api/xcams/snapshot/',
  redirectUrl: '/api/xcams/demo.php?account={account}',
  resellUrl: '/api/xcams/demo.php?flow={flow}',
};

/** A same-site path ("/x", never "//host") or an http(s) address: partner settings may be either. */
const partnerAddress = z
  .string()
  .refine(
    (v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^/\s]+/i.test(v),
    'Must be a path starting with / or an http(s) address',
  );

/** pino levels, plus silent for tests. */
export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
/** One of the pino levels. */
export type LogLevel = z.infer<typeof LogLevel>;

/** Everything `buildApp` needs to know. */
export interface AppConfig {
  port: number;
  host: string;
  /** postgres://… selects PostgreSQL; absent selects SQLite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL schema (search_path); the API tests isolate each file in one. */
  dbSchema?: string;
  redisUrl?: string;
  /** Prefix of every Redis key and channel, so several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl?: string;
  /** From address of outgoing mail; absent: "<site name>" <no-reply@BASE_URL host or localhost>. */
  mailFrom?: string;
  dataDir: string;
  /** Public address, e.g. https://amora.example; decides Secure cookies and the Origin check. */
  baseUrl?: string;
  logLevel: LogLevel;
  nodeEnv: 'development' | 'production' | 'test';
  /** Which proxies may name the client (X-Forwarded-*): none, a hop count or their addresses. */
  trustProxy: TrustProxy;
  /** The built client (`npm run build`). */
  clientDir: string;
  /** Demo members seeded into an empty database at start (the seed's default when unset). */
  seedMembers?: number;
  localesDir: string;
  site: SiteConfig;
  rateLimits: RateLimits;
  /** POST /api/dev.php (the developer panel's server actions) answers; never in production by default. */
  devTools: boolean;
  /** Comment line on every open event stream this often, so proxies keep idle streams open. */
  sseHeartbeatMs: number;
  xcams: XcamsConfig;
  /** Web push keys and contact; unset keys are generated once into `dataDir/vapid.json`. */
  vapid?: VapidConfig;
  /** Payment providers: Stripe when configured; the demo provider always. */
  payments: PaymentsConfig;
  /** An S3-compatible bucket for member files; absent: they stay under `dataDir`. */
  s3?: S3Config;
  /** Prometheus metrics; both unset: no /metrics at all. */
  metrics: MetricsConfig;
  /** close() lets requests in flight finish for this long, then cuts what is still open. */
  shutdownTimeoutMs: number;
  /** A shutdown first answers readiness 503 while serving on for this long (proxies notice), then closes. */
  shutdownDrainDelayMs: number;
  /** How conversions reach traffic partners; where they go is the site config's `postbacks`. */
  postbackDelivery: PostbackDeliveryConfig;
  /** Raw stats events older than this many whole days are summed into stats_daily and deleted. */
  statsRetentionDays: number;
}

/** Timing of postback delivery (server/postbacks/postback-sender.ts). */
export interface PostbackDeliveryConfig {
  /** How often each instance looks for due postbacks (a new one may also wake it sooner). */
  pollMs: number;
  /** How long a partner may take to answer one request. */
  timeoutMs: number;
  /** Wait after the first failed attempt; it doubles after each further one. */
  retryBaseMs: number;
  /** The longest wait between two attempts. */
  retryMaxMs: number;
  /** Attempts before a postback is given up (status failed). */
  maxAttempts: number;
}

/** 30 s doubling to 6 h over 16 attempts: a partner may be down for about 38 hours and lose nothing. */
export const DEFAULT_POSTBACK_DELIVERY: PostbackDeliveryConfig = {
  pollMs: 5_000,
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  retryMaxMs: 6 * 3_600_000,
  maxAttempts: 16,
};

/** Where /metrics is served (server/plugins/metrics.ts); never without one of these guards. */
export interface MetricsConfig {
  /** GET /metrics on the main port answers only `Authorization: Bearer <token>`. */
  token?: string;
  /** A second listener on 127.0.0.1 serving /metrics without a token (0 picks a free port). */
  port?: number;
}

/** Payment provider settings (server/plugins/payments.ts). */
export interface PaymentsConfig {
  /** Signs the demo provider's events; random per process when DEMO_PAYMENT_SECRET is unset. */
  demoSecret: string;
  /** Stripe keys (both or neither); absent: the demo provider takes every purchase. */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
}

/** VAPID settings from the environment (both keys or neither). */
export interface VapidConfig {
  publicKey?: string;
  privateKey?: string;
  /** mailto: or https: contact the push services may use; defaults to BASE_URL when https. */
  subject?: string;
}

/** SSE heartbeat: under the 30 to 60 s idle timeouts common in proxies and load balancers. */
export const SSE_HEARTBEAT_MS = 25_000;

/** A scheme, a host and maybe a port: no path, query, fragment or credentials. */
function isOrigin(value: string): boolean {
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const flag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
);

/** The environment variables the server reads; see server/README.md. */
export const Env = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional(),
  ),
  REDIS_URL: optionalString,
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,50}$/, 'REDIS_PREFIX may hold letters, digits, : _ and -')
      .default('amora-'),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  /** The public origin; mail links, redirects and the Host check start from it. */
  BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/ })
      .refine((v) => isOrigin(v), 'BASE_URL must be an origin such as https://amora.example')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, LogLevel.optional()),
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  /** A hop count or the proxies' addresses; lib/trust-proxy.ts parses it. */
  TRUST_PROXY: optionalString,
  SITE_CONFIG: optionalString,
  SIGNUPS: z.preprocess(emptyAsUndefined, SignupsMode.optional()),
  LOGGED_OUT_SEARCH: flag,
  DEV_TOOLS: flag,
  /** Another built client folder: a test serves a copy it can "deploy" over. */
  CLIENT_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Demo members an empty database gets on start; unset means the seed's default. */
  SEED_MEMBERS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(1_000_000).optional(),
  ),
  /** Multiplies every rate limit; end-to-end and benchmark runs make many logins from one address. */
  RATE_LIMIT_SCALE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(1),
  ),
  XCAMS_FEED_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  XCAMS_FEED_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(60_000).default(DEFAULT_XCAMS.feedTimeoutMs),
  ),
  XCAMS_SNAPSHOT_PREFIX: z.preprocess(
    emptyAsUndefined,
    partnerAddress.default(DEFAULT_XCAMS.snapshotPrefix),
  ),
  XCAMS_REDIRECT_URL: z.preprocess(
    emptyAsUndefined,
    partnerAddress.default(DEFAULT_XCAMS.redirectUrl),
  ),
  RESELL_PARTNER_URL: z.preprocess(
    emptyAsUndefined,
    partnerAddress.default(DEFAULT_XCAMS.resellUrl),
  ),
  /** Web push keys (base64url, as web-push generates them); both or neither. */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/)
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/)
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: address')
      .optional(),
  ),
  /** Stripe secret API key and webhook signing secret; both or neither. */
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_\S+$/)
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_\S+$/)
      .optional(),
  ),
  /** Another Stripe API address (a proxy, or a local mock in tests). */
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** Secret of the demo provider's signed events; instances behind one address must share it. */
  DEMO_PAYMENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Member files in an S3 bucket: one URL, or the separate S3_* settings (storage/s3-config.ts). */
  S3_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^s3(\+https?)?:\/\//, 'S3_URL must start with s3://, s3+https:// or s3+http://')
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag,
  /** Bearer token that opens GET /metrics on the main port. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, 'METRICS_TOKEN must be 16 to 200 visible ASCII characters')
      .optional(),
  ),
  /** How long a shutdown waits for requests in flight before cutting them. */
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(10_000),
  ),
  /** How long a shutdown keeps serving with readiness 503 before it stops accepting connections. */
  SHUTDOWN_DRAIN_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(600_000).default(0),
  ),
  /** Postback delivery timing; see PostbackDeliveryConfig. */
  POSTBACK_POLL_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).max(3_600_000).default(DEFAULT_POSTBACK_DELIVERY.pollMs),
  ),
  POSTBACK_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(120_000).default(DEFAULT_POSTBACK_DELIVERY.timeoutMs),
  ),
  POSTBACK_RETRY_BASE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).max(86_400_000).default(DEFAULT_POSTBACK_DELIVERY.retryBaseMs),
  ),
  POSTBACK_RETRY_MAX_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 86_400_000)
      .default(DEFAULT_POSTBACK_DELIVERY.retryMaxMs),
  ),
  POSTBACK_MAX_ATTEMPTS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100).default(DEFAULT_POSTBACK_DELIVERY.maxAttempts),
  ),
  /** Days raw stats events are kept before they are rolled into the daily figures. */
  STATS_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3650).default(90),
  ),
  /** Port of a metrics listener bound to 127.0.0.1. */
  METRICS_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
});

/** Reads and validates a site config file. */
export function loadSiteConfig(path = resolve(ROOT_DIR, 'server/site.config.json')): SiteConfig {
  const parsed = SiteConfig.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    throw new Error(`Invalid site config ${path}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

function trustProxyFrom(raw: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(raw);
  } catch (err) {
    throw new Error(`Invalid environment: ${(err as Error).message}`);
  }
}

/** Builds the configuration from environment variables; throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid environment: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  if (e.POSTBACK_RETRY_MAX_MS < e.POSTBACK_RETRY_BASE_MS) {
    throw new Error(
      'Invalid environment: POSTBACK_RETRY_MAX_MS must not be below POSTBACK_RETRY_BASE_MS',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid environment: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
    );
  }
  const site = loadSiteConfig(e.SITE_CONFIG ? resolve(e.SITE_CONFIG) : undefined);
  if (e.SIGNUPS) site.signups = e.SIGNUPS;
  if (e.LOGGED_OUT_SEARCH !== undefined) site.logged_out_search = e.LOGGED_OUT_SEARCH;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dataDir: resolve(e.DATA_DIR),
    baseUrl: e.BASE_URL && new URL(e.BASE_URL).origin,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'info' : 'debug'),
    nodeEnv: e.NODE_ENV,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    clientDir: e.CLIENT_DIR ? resolve(e.CLIENT_DIR) : resolve(ROOT_DIR, 'dist/client'),
    seedMembers: e.SEED_MEMBERS,
    localesDir: resolve(ROOT_DIR, 'locales'),
    site,
    rateLimits: scaleLimits(DEFAULT_RATE_LIMITS, e.RATE_LIMIT_SCALE),
    devTools: e.DEV_TOOLS ?? e.NODE_ENV !== 'production',
    sseHeartbeatMs: SSE_HEARTBEAT_MS,
    xcams: {
      feedUrl: e.XCAMS_FEED_URL,
      feedTimeoutMs: e.XCAMS_FEED_TIMEOUT_MS,
      snapshotPrefix: e.XCAMS_SNAPSHOT_PREFIX,
      redirectUrl: e.XCAMS_REDIRECT_URL,
      resellUrl: e.RESELL_PARTNER_URL,
    },
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
    },
    payments: {
      demoSecret: e.DEMO_PAYMENT_SECRET ?? randomBytes(32).toString('hex'),
      ...(e.STRIPE_SECRET_KEY &&
        e.STRIPE_WEBHOOK_SECRET && {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          },
        }),
    },
    s3: s3ConfigFrom(e),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    postbackDelivery: {
      pollMs: e.POSTBACK_POLL_MS,
      timeoutMs: e.POSTBACK_TIMEOUT_MS,
      retryBaseMs: e.POSTBACK_RETRY_BASE_MS,
      retryMaxMs: e.POSTBACK_RETRY_MAX_MS,
      maxAttempts: e.POSTBACK_MAX_ATTEMPTS,
    },
    statsRetentionDays: e.STATS_RETENTION_DAYS,
  };
}
