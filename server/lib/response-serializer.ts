/**
 * How answers become JSON. Every route declares its answer's zod schema (the contract); the
 * handlers' return types are checked against it at compile time. Parsing each answer through zod
 * again before it is written cost about a tenth of a poll's CPU, so production writes the
 * handler's value as it is. Development and tests check every answer twice: it must parse (as
 * before), and parsing must not change it (no key the schema would drop, no value it would
 * transform or default), which is exactly what makes the production shortcut give the same JSON.
 */
import { isDeepStrictEqual } from 'node:util';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

type SerializerCompiler = ReturnType<typeof createSerializerCompiler>;

/** An answer that parsing through its schema would change: a defect of the route. */
export class ResponseShapeError extends Error {
  constructor(method: string, url: string) {
    // No values: an answer holds personal data, and this message reaches the log.
    super(`The answer of ${method} ${url} is not exactly its schema's shape`);
  }
}

const checked = createSerializerCompiler({});

/** The JSON text's value, so a comparison ignores what JSON cannot carry (undefined keys). */
const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/** What Fastify turns answers into JSON with, for the given NODE_ENV. */
export function responseSerializer(
  nodeEnv: 'development' | 'production' | 'test',
): SerializerCompiler {
  if (nodeEnv === 'production') return () => (data) => JSON.stringify(data);
  return (route) => {
    const parse = checked(route);
    return (data) => {
      const json = parse(data);
      if (!isDeepStrictEqual(JSON.parse(json), asJson(data))) {
        throw new ResponseShapeError(route.method, route.url);
      }
      return json;
    };
  };
}
