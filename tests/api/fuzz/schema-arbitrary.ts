/**
 * A fast-check arbitrary of values that a zod contract schema accepts, or nearly: the schema is
 * turned into JSON Schema by zod itself and read here. "Valid-ish" on purpose: optional fields
 * come and go, and a few hints (ids of rows that exist, real countries, addresses) make the
 * server's deeper rules run instead of stopping at validation every time.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { LANGUAGES } from '../../../src/shared/contract/fields';
import { LANDER_NICHES, landerSlug } from '../../../src/shared/lander-slug';
import demoFeed from '../../../server/xcams/demo-feed.json';

/** The part of JSON Schema (draft 2020-12, as zod writes it) that the contract uses. */
export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  nullable?: boolean;
}

/** The JSON Schema of what a zod schema accepts as input (before transforms and coercion). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Facts about the store that make generated values point at real rows. */
export interface Hints {
  /** Ids that exist (members, conversations, photos…); integers are mostly drawn from them. */
  ids: number[];
  /** Country codes the site knows. */
  countries: string[];
  /** Addresses of existing accounts. */
  emails: string[];
}

const SMALL_TEXT = fc.string({ maxLength: 40 });

const CAM_ACCOUNTS = demoFeed.map((cam) => cam.account);

function decimal(min: number, max: number): fc.Arbitrary<number> {
  return fc.double({ min, max, noNaN: true }).map((n) => Number(n.toFixed(4)));
}

const STATS_DAYS = ['2026-11-29', '2026-12-01', '2026-12-06', '2027-01-15'];

const LANDER_SLUGS = LANDER_NICHES.flatMap((niche) => LANGUAGES.map((l) => landerSlug(niche, l)));

/** Values for a field name the server gives meaning beyond its type. */
function hinted(name: string, hints: Hints): fc.Arbitrary<unknown> | null {
  if (/email/i.test(name)) {
    return fc.oneof(fc.constantFrom(...hints.emails), fc.emailAddress(), SMALL_TEXT);
  }
  if (/country$/i.test(name)) return fc.oneof(fc.constantFrom(...hints.countries), SMALL_TEXT);
  if (/password/i.test(name)) return fc.string({ minLength: 6, maxLength: 40 });
  if (name === 'slug') return fc.oneof(fc.constantFrom(...LANDER_SLUGS), SMALL_TEXT);
  // The stats range: a few close days, so that most drawn pairs are a range the server answers.
  if (name === 'from' || name === 'to') return fc.oneof(fc.constantFrom(...STATS_DAYS), SMALL_TEXT);
  if (name === 'account') return fc.oneof(fc.constantFrom(...CAM_ACCOUNTS), SMALL_TEXT);
  if (name === 'return_to') return fc.oneof(fc.constantFrom('/credits', '/premium'), SMALL_TEXT);
  // Land in Europe, where the place names are: most positions have a town within 50 km.
  if (name === 'lat') return fc.oneof(decimal(44, 56), SMALL_TEXT);
  if (name === 'lon') return fc.oneof(decimal(-2, 16), SMALL_TEXT);
  return null;
}

function integer(s: JsonSchema, hints: Hints): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : s.maximum;
  const lo = Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  const anywhere = fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  const known = hints.ids.filter((id) => id >= lo && id <= hi);
  if (known.length === 0) return anywhere;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 3 },
    { arbitrary: anywhere, weight: 1 },
  );
}

function number(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum;
  const max = s.maximum ?? s.exclusiveMaximum;
  const any = fc.double({
    min: min ?? -1e9,
    max: max ?? 1e9,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
  });
  // Mostly a few decimals, as clients write them; now and then any double (1e-300, -0).
  return fc.oneof(
    {
      arbitrary: any
        .map((n) => Number(n.toFixed(4)))
        .filter((n) => n !== min || !s.exclusiveMinimum),
      weight: 3,
    },
    { arbitrary: any, weight: 1 },
  );
}

function string(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(s.pattern));
      return matching.filter((v) => v.length <= (s.maxLength ?? 1e6));
    } catch {
      // fast-check cannot generate from every pattern (lookaheads); plain text will do.
    }
  }
  const maxLength = Math.min(s.maxLength ?? 60, 60);
  return plainString(Math.min(s.minLength ?? 0, maxLength), maxLength);
}

const strings = new Map<string, fc.Arbitrary<string>>();

/** Text of ASCII or of any grapheme; shared, as building a grapheme arbitrary is costly. */
function plainString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const key = `${minLength}:${maxLength}`;
  let arb = strings.get(key);
  if (!arb) {
    arb = fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
    );
    strings.set(key, arb);
  }
  return arb;
}

function textOrNumber(s: JsonSchema): boolean {
  const types = [s, ...(s.anyOf ?? [])].flatMap((b) => b.type ?? []);
  return types.some((t) => t === 'string' || t === 'number' || t === 'integer');
}

function object(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(s.properties ?? {})) {
    // Hints are texts and numbers; a flag named email_likes stays a flag.
    model[key] = (textOrNumber(sub) && hinted(key, hints)) || arbitrary(sub, hints, depth + 1);
  }
  const fixed = fc.record(model, { requiredKeys: s.required ?? [] });
  if (typeof s.additionalProperties !== 'object') return fixed;
  const extra = fc.dictionary(
    s.propertyNames
      ? (arbitrary(s.propertyNames, hints, depth + 1) as fc.Arbitrary<string>)
      : SMALL_TEXT,
    arbitrary(s.additionalProperties, hints, depth + 1),
    { maxKeys: 4 },
  );
  return fc.tuple(extra, fixed).map(([more, known]) => ({ ...more, ...(known as object) }));
}

/** Values the schema (nearly) accepts. */
export function arbitrary(s: JsonSchema, hints: Hints, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => arbitrary(b, hints, depth + 1)));
  if (s.allOf?.[0]) return arbitrary(s.allOf[0], hints, depth + 1);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (s.nullable) types.push('null');
  if (types.length > 1) {
    return fc.oneof(
      ...types.map((type) => arbitrary({ ...s, type, nullable: false }, hints, depth)),
    );
  }
  switch (types[0]) {
    case 'string':
      return string(s);
    case 'integer':
      return integer(s, hints);
    case 'number':
      return number(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? arbitrary(s.items, hints, depth + 1) : fc.jsonValue(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'object':
      return object(s, hints, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
