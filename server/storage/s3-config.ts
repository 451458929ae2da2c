/**
 * The S3 settings: one `S3_URL`, or the usual separate variables (server/README.md, "File
 * storage"). Parsed here so config.ts only validates the raw strings.
 */

/** Where the bucket is and how to sign for it. */
export interface S3Config {
  bucket: string;
  /** Signing region; S3-compatible servers mostly accept any, AWS needs the bucket's. */
  region: string;
  /** http(s)://host[:port] of an S3-compatible server; absent: AWS S3 of the region. */
  endpoint?: string;
  /** Bucket in the path (host/bucket/key), as MinIO and most self-hosted servers want. */
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default chain (AWS_* variables, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Used when neither the URL nor S3_REGION names one. */
export const DEFAULT_S3_REGION = 'us-east-1';

/** S3 bucket names (the rules every provider shares). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,50}$/;

/** The separate variables, as config.ts validated them. */
export interface S3Settings {
  S3_URL?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}

function fail(message: string): never {
  throw new Error(`Invalid environment: ${message}`);
}

function flag(name: string, value: string | null): boolean | undefined {
  if (value === null) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fail(`S3_URL ${name} must be true or false`);
}

/**
 * `s3://KEY:SECRET@host[:port]/bucket?region=…&forcePathStyle=true` (https to the host), or
 * `s3+http://…` for a server without TLS. Key and secret are percent-encoded; without them the
 * SDK's default credentials apply.
 */
export function parseS3Url(raw: string): S3Config {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('S3_URL is not a URL (s3://KEY:SECRET@host:port/bucket?region=…)');
  }
  const scheme = { 's3:': 'https', 's3+https:': 'https', 's3+http:': 'http' }[url.protocol];
  if (!scheme) return fail('S3_URL must start with s3://, s3+https:// or s3+http://');
  if (!url.hostname) return fail('S3_URL needs a host');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!BUCKET.test(bucket)) return fail('S3_URL needs a bucket name as its path (/bucket)');
  for (const name of url.searchParams.keys()) {
    if (name !== 'region' && name !== 'forcePathStyle') {
      fail(`S3_URL has an unknown parameter ${name} (known: region, forcePathStyle)`);
    }
  }
  const region = url.searchParams.get('region') ?? DEFAULT_S3_REGION;
  if (!REGION.test(region)) fail('S3_URL region must be like eu-central-1');
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    fail('S3_URL needs both the access key and the secret (KEY:SECRET@), or neither');
  }
  return {
    bucket,
    region,
    endpoint: `${scheme}://${url.host}`,
    forcePathStyle: flag('forcePathStyle', url.searchParams.get('forcePathStyle')) ?? false,
    ...(accessKeyId && { credentials: { accessKeyId, secretAccessKey } }),
  };
}

/** The S3 store's settings, or undefined when none is set (files stay in the data folder). */
export function s3ConfigFrom(e: S3Settings): S3Config | undefined {
  const separate = [
    e.S3_ENDPOINT,
    e.S3_BUCKET,
    e.S3_REGION,
    e.S3_ACCESS_KEY_ID,
    e.S3_SECRET_ACCESS_KEY,
    e.S3_FORCE_PATH_STYLE,
  ].some((v) => v !== undefined);
  if (e.S3_URL) {
    if (separate) fail('set S3_URL or the separate S3_* variables, not both');
    return parseS3Url(e.S3_URL);
  }
  if (!separate) return undefined;
  if (!e.S3_BUCKET) return fail('S3_BUCKET is required when any S3_* variable is set');
  if (!BUCKET.test(e.S3_BUCKET)) fail('S3_BUCKET is not a valid bucket name');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    fail('set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  const region = e.S3_REGION ?? DEFAULT_S3_REGION;
  if (!REGION.test(region)) fail('S3_REGION must be like eu-central-1');
  return {
    bucket: e.S3_BUCKET,
    region,
    ...(e.S3_ENDPOINT && { endpoint: e.S3_ENDPOINT.replace(/\/+$/, '') }),
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    ...(e.S3_ACCESS_KEY_ID &&
      e.S3_SECRET_ACCESS_KEY && {
        credentials: {
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        },
      }),
  };
}
