/**
 * Request bodies: the route's schema values as JSON (under the right, a wrong or no content
 * type), broken JSON, invalid UTF-8, raw text, multipart with files, urlencoded forms, and for
 * the payment webhook demo events signed with the real secret.
 */
import fc from 'fast-check';
import type { JsonDamage, Part } from './encode';
import { UPLOADS } from './files';
import { deepValue, Huge, INJECTIONS } from './hostile-values';
import { mutated } from './mutate';
import type { CallShape } from './route-table';
import { arbitrary, type Hints } from './schema-arbitrary';

/** A request body before it is written out. */
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; type: string | null }
  | { kind: 'broken-json'; value: unknown; damage: JsonDamage; type: string | null }
  | { kind: 'text'; text: unknown; type: string | null }
  | { kind: 'multipart'; boundary: string; parts: Part[]; cut?: number; type: string | null }
  | { kind: 'form'; pairs: Array<[string, unknown]>; type: string | null }
  | { kind: 'signed'; value: unknown };

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=iso-8859-1',
  'application/json;charset=utf-16',
  'application/vnd.api+json',
  'text/json',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/png',
  'application/xml',
  '*/*',
  'garbage',
  ';;;',
  '',
  'application/json, text/plain',
];

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 16 },
  { arbitrary: fc.constantFrom(...JSON_TYPES), weight: 3 },
  { arbitrary: fc.constantFrom(...OTHER_TYPES), weight: 3 },
  { arbitrary: fc.constant(null), weight: 2 },
);

const damage: fc.Arbitrary<JsonDamage> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.constantFrom(',', '}', ']', '"', "'", '//x\n', '/*', ',,', ':', 'NaN', '\u0000', '\\'),
  }),
  fc.record({ kind: fc.constant('bom' as const) }),
  fc.record({
    kind: fc.constant('invalid-utf8' as const),
    at: fc.nat(),
    bytes: fc.constantFrom<number[]>(
      [0xff],
      [0xfe, 0xff],
      [0xc0, 0xaf],
      [0x80],
      [0xed, 0xa0, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
    ),
  }),
);

/** Values a route's body is made from: its schema's, or any JSON. */
function bodyValue(shape: CallShape, hints: Hints): fc.Arbitrary<unknown> {
  const base = shape.body ? arbitrary(shape.body, hints) : fc.jsonValue({ maxDepth: 2 });
  return base.chain(mutated);
}

/** Calls whose body is multipart with a photo. */
const UPLOAD_CALLS = new Set(['uploadProfileImage', 'complaintForm']);

/**
 * The schema's value with the right content type: JSON, multipart with a small real PNG for the
 * upload calls, a signed event for the webhook.
 */
export function cleanBody(shape: CallShape, hints: Hints, signable: boolean): fc.Arbitrary<Body> {
  const value = shape.body ? arbitrary(shape.body, hints) : fc.constant({});
  if (signable) return value.map((v): Body => ({ kind: 'signed', value: v }));
  if (UPLOAD_CALLS.has(shape.name)) {
    const photo = { name: 'photo', value: '', file: UPLOADS[0] };
    return value.map((v): Body => ({
      kind: 'multipart',
      boundary: 'fuzzbound',
      parts: [...formPairs(v).map(([name, x]): Part => ({ name, value: x })), photo],
      type: 'multipart/form-data',
    }));
  }
  return value.map((v): Body => ({ kind: 'json', value: v, type: 'application/json' }));
}

function formPairs(value: unknown): Array<[string, unknown]> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value)
    : [['value', value]];
}

/** A body for a call of `shape`; `signable` adds correctly signed webhook events. */
export function body(shape: CallShape, hints: Hints, signable: boolean): fc.Arbitrary<Body> {
  const value = bodyValue(shape, hints);
  const options: Array<{ arbitrary: fc.Arbitrary<Body>; weight: number }> = [
    {
      arbitrary: fc.record({ kind: fc.constant('json' as const), value, type: contentType }),
      weight: 12,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('broken-json' as const),
        value,
        damage,
        type: contentType,
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: fc.oneof(
          deepValue,
          fc.constant(new Huge(1024 * 1024, ' ')),
          fc.constant(''),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom(...INJECTIONS),
        ),
        type: contentType,
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        boundary: fc.constantFrom(
          'fuzzbound',
          '----WebKitFormBoundary7MA4YWxkTrZu0gW',
          'x'.repeat(80),
        ),
        parts: value.chain((v) =>
          fc
            .tuple(
              fc.constant(formPairs(v).map(([name, x]): Part => ({ name, value: x }))),
              fc.array(
                fc.record({
                  name: fc.constantFrom('screenshot', 'file', 'image', 'photo', '__proto__'),
                  value: fc.constant(''),
                  file: fc.constantFrom(...UPLOADS),
                }),
                { maxLength: 2 },
              ),
            )
            .map(([fields, files]) => [...fields, ...files]),
        ),
        cut: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 5 },
          { arbitrary: fc.nat(), weight: 1 },
        ),
        type: fc.constantFrom(null, 'multipart/form-data', 'multipart/mixed'),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('form' as const),
        pairs: value.map(formPairs),
        type: fc.constant('application/x-www-form-urlencoded'),
      }),
      weight: 1,
    },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  ];
  if (signable) {
    options.push({
      arbitrary: fc.record({ kind: fc.constant('signed' as const), value }),
      weight: 8,
    });
  }
  return fc.oneof(...options);
}
