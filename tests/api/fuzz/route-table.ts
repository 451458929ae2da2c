/**
 * Every route the app serves, read from Fastify's own route tree, with the contract's schemas of
 * the calls that use it (or, for a route the contract does not list, the schemas the route
 * declared, from the OpenAPI document).
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { calls } from '../../../src/shared/contract/calls';
import { ComplaintFormFields } from '../../../src/shared/contract/moderation';
import { DemoEvent } from '../../../server/payments/demo-provider';
import { toJsonSchema, type JsonSchema } from './schema-arbitrary';

/** One way of calling a route: the query it fixes and the schemas of what it sends. */
export interface CallShape {
  name: string;
  fixedQuery: Record<string, string>;
  query?: JsonSchema;
  body?: JsonSchema;
}

/** A method and path the router answers, and the calls that use it. */
export interface FuzzTarget {
  method: HTTPMethods;
  /** Path as registered: `:param` and `*` are filled per request. */
  path: string;
  constraints?: Record<string, string>;
  shapes: CallShape[];
}

/** A target's name in reports: method, path and, for a constrained route, its constraints. */
export function targetKey(target: Omit<FuzzTarget, 'shapes'>): string {
  const constraints = target.constraints ? ` ${JSON.stringify(target.constraints)}` : '';
  return `${target.method} ${target.path}${constraints}`;
}

/** One node of `printRoutes()`: tree drawing, the path piece, and the methods when it is a route. */
const LINE = /^([│├└─\s]*)([^│├└─\s].*?)(?: \(([A-Z, ]+)\))?(?: (\{.*\}))?$/;

/** Method, path and constraints of every route, from `printRoutes`, each checked with `hasRoute`. */
export function listRoutes(app: FastifyInstance): Array<Omit<FuzzTarget, 'shapes'>> {
  const routes: Array<Omit<FuzzTarget, 'shapes'>> = [];
  // The radix tree prints each node's piece of the path; a route's path is its pieces joined.
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, indent = '', piece = '', methods, constraintText] = match;
    const depth = indent.length / 4;
    const path = (stack[depth - 1] ?? '') + piece;
    stack[depth] = path;
    if (!methods) continue;
    const constraints = constraintText
      ? (JSON.parse(constraintText) as Record<string, string>)
      : undefined;
    for (const method of methods.split(', ') as HTTPMethods[]) {
      if (!app.hasRoute({ method, url: path, ...(constraints && { constraints }) })) {
        throw new Error(`route tree line not understood: ${line}`);
      }
      routes.push({ method, path, ...(constraints && { constraints }) });
    }
  }
  return routes;
}

type Call = { method: string; path: string; query?: z.ZodType; body?: z.ZodType };

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The schemas a route declared, as @fastify/swagger documents them. */
function declaredShape(app: FastifyInstance, method: string, path: string): CallShape | null {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const openApiPath = path.replace(/:(\w+)/g, '{$1}');
  const op = doc.paths?.[openApiPath]?.[method.toLowerCase()];
  if (!op) return null;
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  const query: JsonSchema | undefined = params.length
    ? {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.required).map((p) => p.name),
      }
    : undefined;
  const body = op.requestBody?.content?.['application/json']?.schema;
  return { name: `${method} ${path} (declared)`, fixedQuery: {}, query, body };
}

/**
 * Bodies the contract's call list leaves out because they are not JSON: the complaint form's
 * multipart fields, and the demo provider's event that the webhook reads from its raw body.
 */
const NON_JSON_BODIES: Record<string, z.ZodType> = {
  complaintForm: ComplaintFormFields,
  paymentWebhook: DemoEvent,
};

/** Routes with the schemas to generate their input from. */
export function fuzzTargets(app: FastifyInstance): FuzzTarget[] {
  const contractCalls = Object.entries(calls as Record<string, Call>);
  return listRoutes(app).map((route) => {
    const method = route.method === 'HEAD' ? 'GET' : route.method;
    const declared = declaredShape(app, method, route.path);
    const shapes = contractCalls
      .filter(([, call]) => {
        const [path = '', query = ''] = call.path.split('?');
        const constrained = new URLSearchParams(query).has('push');
        return call.method === method && path === route.path && constrained === !!route.constraints;
      })
      .map(([name, call]): CallShape => {
        const body = call.body ?? NON_JSON_BODIES[name];
        // What the contract's call leaves out, the route itself may declare (webhook provider).
        const query = call.query ? toJsonSchema(call.query) : declared?.query;
        return {
          name,
          fixedQuery: Object.fromEntries(new URLSearchParams(call.path.split('?')[1] ?? '')),
          ...(query && { query }),
          ...(body ? { body: toJsonSchema(body) } : declared?.body && { body: declared.body }),
        };
      });
    if (shapes.length === 0) {
      shapes.push(declared ?? { name: `${route.method} ${route.path}`, fixedQuery: {} });
    }
    return { ...route, shapes };
  });
}

/** Contract calls that no route serves (they can only answer 404). */
export function unservedCalls(app: FastifyInstance): string[] {
  return Object.entries(calls as Record<string, Call>)
    .filter(([, call]) => {
      const [url = '', query = ''] = call.path.split('?');
      const push = new URLSearchParams(query).has('push');
      const method = call.method as HTTPMethods;
      return !app.hasRoute({
        method,
        url,
        ...(push && { constraints: { userPushQuery: 'push' } }),
      });
    })
    .map(([name, call]) => `${name}: ${call.method} ${call.path}`);
}
