/** The rest of a request: query string, path parameters and tails, odd headers and cookies. */
import fc from 'fast-check';
import { brokenQueryText, Huge, hostileQueryText, INJECTIONS, PROTO_KEYS } from './hostile-values';
import { mutated } from './mutate';
import type { CallShape, FuzzTarget } from './route-table';
import { arbitrary, type Hints, type JsonSchema } from './schema-arbitrary';

/** Query pairs, and raw fragments appended as they are. */
export interface QueryPart {
  pairs: Array<[string, unknown]>;
  raw: string[];
}

function scalarPairs(value: unknown): Array<[string, unknown]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]): Array<[string, unknown]> =>
    Array.isArray(v) ? v.map((x): [string, unknown] => [k, x]) : [[k, v]],
  );
}

/** Query pairs from the shape's schema (and its fixed part), spoiled now and then. */
export function query(shape: CallShape, hints: Hints): fc.Arbitrary<QueryPart> {
  const schema: JsonSchema = shape.query ?? { type: 'object', properties: {} };
  const fixed = Object.entries(shape.fixedQuery);
  return fc
    .tuple(
      arbitrary(schema, hints).chain(mutated),
      fc.oneof(
        { arbitrary: fc.constant(fixed), weight: 8 },
        { arbitrary: fc.constant([]), weight: 1 },
        { arbitrary: fc.constant(fixed.map(([k]): [string, unknown] => [k, '2'])), weight: 1 },
      ),
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 })),
          hostileQueryText,
        ),
        {
          maxLength: 2,
        },
      ),
      fc.oneof(
        { arbitrary: fc.constant<string[]>([]), weight: 4 },
        { arbitrary: fc.array(brokenQueryText, { minLength: 1, maxLength: 2 }), weight: 1 },
      ),
    )
    .map(([value, fixedPairs, extra, raw]) => {
      const pairs = scalarPairs(value);
      const own = new Set(pairs.map(([k]) => k));
      // A fixed parameter the schema also generated is sent once, as generated.
      return { pairs: [...fixedPairs.filter(([k]) => !own.has(k)), ...pairs, ...extra], raw };
    });
}

/** Query pairs straight from the shape's schema and its fixed part, unspoiled. */
export function cleanQuery(shape: CallShape, hints: Hints): fc.Arbitrary<QueryPart> {
  const schema: JsonSchema = shape.query ?? { type: 'object', properties: {} };
  return arbitrary(schema, hints).map((value) => {
    const pairs = scalarPairs(value);
    const own = new Set(pairs.map(([k]) => k));
    const fixed = Object.entries(shape.fixedQuery).filter(([k]) => !own.has(k));
    return { pairs: [...fixed, ...pairs], raw: [] };
  });
}

const PATH_TAILS = [
  '',
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'assets/app.js',
  'assets/missing.js',
  'members/12',
  'members/abc/chat',
  'search',
  'pages/terms',
  'uploads/x.jpg',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '....//....//etc/passwd',
  'assets/..%5c..%5cpackage.json',
  '.env',
  '.git/config',
  'a%00.html',
  '%ff%fe',
  '%',
  '//double//slash',
  'x'.repeat(3000),
  'ü/名前/😀',
  'index.html?x=1',
  'static/index.html',
  'json',
  'yaml',
];

const PARAM_VALUES = [
  'LunaBelle',
  'en',
  'en-US',
  'pl',
  'xx',
  'EN',
  '..',
  '%2e%2e',
  '%00',
  'a'.repeat(300),
  'cam_1',
  'bad account',
];

/** The path with `:param` and `*` filled. */
export function path(target: FuzzTarget): fc.Arbitrary<string> {
  const parts = target.path.split(/(:\w+|\*)/).filter(Boolean);
  return fc
    .tuple(
      ...parts.map((p) => {
        if (p === '*') return fc.oneof(fc.constantFrom(...PATH_TAILS), fc.webPath());
        if (p.startsWith(':')) {
          return fc.oneof(
            fc.constantFrom(...PARAM_VALUES),
            fc.constantFrom(...INJECTIONS),
            fc.webSegment(),
          );
        }
        return fc.constant(p);
      }),
    )
    .map((segments) => segments.join(''));
}

/** The token the fuzzed app opens /metrics with, so some scrapes are let in. */
export const METRICS_TOKEN = 'fuzz-metrics-token-0123456789';

const HEADER_VALUES: Record<string, fc.Arbitrary<string | Huge>> = {
  authorization: fc.constantFrom(
    `Bearer ${METRICS_TOKEN}`,
    `bearer ${METRICS_TOKEN}  `,
    'Bearer wrong-token-0123456789',
    'Bearer ',
    'Basic Zm9vOmJhcg==',
    `Bearer ${'x'.repeat(5000)}`,
  ),
  origin: fc.constantFrom('http://evil.example', 'null', 'http://localhost', ''),
  'if-none-match': fc.constantFrom('*', '"abc"', 'W/"x", "y"', '', '"' + 'a'.repeat(500) + '"'),
  'accept-encoding': fc.constantFrom(
    'gzip',
    'br',
    'deflate',
    'identity;q=0',
    '*;q=0',
    'gzip;q=abc',
    'zstd',
  ),
  'accept-language': fc.constantFrom(
    'pl-PL,pl;q=0.9',
    '*',
    'xx',
    ';;;q=',
    'de-DE-x-private-1234567890',
  ),
  accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'image/*', ''),
  'user-agent': fc.oneof(
    fc.constantFrom('', 'curl/8', '<script>'),
    fc.constant(new Huge(8000, 'u')),
  ),
  range: fc.constantFrom(
    'bytes=0-10',
    'bytes=-1',
    'bytes=99999999-',
    'bytes=a-b',
    'bytes=0-1,2-3,4-5',
    'items=0-1',
  ),
  'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-unknown'),
  'x-demo-signature': fc.constantFrom('t=1,v1=00', 't=abc', '', 't=' + '9'.repeat(30) + ',v1=zz'),
  'stripe-signature': fc.constantFrom('t=1,v1=00', 'garbage'),
  'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage, , ,', '::1'),
  'x-package-name': fc.constantFrom('com.example', '', 'x'.repeat(300)),
  'x-original-host': fc.constantFrom('evil.example', ''),
};

/** Up to three odd headers; half the requests have none. */
export const headers: fc.Arbitrary<Record<string, string | Huge>> = fc.oneof(
  fc.constant({}),
  fc
    .subarray(Object.keys(HEADER_VALUES), { minLength: 1, maxLength: 3 })
    .chain((names) =>
      fc
        .tuple(...names.map((name) => HEADER_VALUES[name] as fc.Arbitrary<string | Huge>))
        .map((values) =>
          Object.fromEntries(names.map((name, i) => [name, values[i] as string | Huge])),
        ),
    ),
);

/** Usually none; sometimes a forged, broken or huge session cookie and odd others. */
export const cookies: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 8 },
  {
    arbitrary: fc.record(
      {
        amora_sid: fc.oneof(
          fc.constantFrom('', 'x', 'a'.repeat(43), '%zz', "' OR 1=1--", 'a'.repeat(5000)),
          fc.base64String({ maxLength: 60 }),
        ),
        amora_session: fc.constantFrom('1', '0', 'garbage'),
        amora_lang: fc.constantFrom('pl', 'xx', '../../etc'),
      },
      { requiredKeys: [] },
    ),
    weight: 2,
  },
);
