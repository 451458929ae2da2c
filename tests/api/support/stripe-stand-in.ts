/**
 * A loopback stand-in for the part of the Stripe API our provider calls (Checkout Sessions), so the
 * real SDK runs end to end without a network; the test plays the paying member through it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the SDK made, with its form body in Stripe's bracket notation. */
export interface StandInRequest {
  method: string;
  path: string;
  /** e.g. `line_items[0][price_data][unit_amount]` → `'1495'`. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** A Checkout Session as the stand-in keeps it (the fields our provider reads and tests check). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
}

/** The running stand-in and the handles a test needs. */
export interface StripeStandIn {
  /** Base address for the provider's apiUrl, e.g. http://127.0.0.1:40123. */
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  /** The member finished paying (or, with 'unpaid', finished an async method that still runs). */
  complete(id: string, paymentStatus?: 'paid' | 'unpaid'): StandInSession;
  /** An async payment settled after completion. */
  settle(id: string): StandInSession;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** An error in the shape Stripe answers with, which the SDK turns into its error classes. */
function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
  res.end(JSON.stringify({ error: { type, message } }));
}

function send(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': randomId('req') });
  res.end(JSON.stringify(body));
}

/** The indexed list `name[0]`, `name[1]`, … from a flat bracket-notation form. */
function listParam(params: Record<string, string>, name: string): string[] {
  const out: string[] = [];
  for (
    let value = params[`${name}[0]`];
    value !== undefined;
    value = params[`${name}[${out.length}]`]
  ) {
    out.push(value);
  }
  return out;
}

/** The object `name[key]` entries from a flat bracket-notation form. */
function mapParam(params: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = new RegExp(`^${name}\\[([^\\]]+)\\]$`);
  for (const [key, value] of Object.entries(params)) {
    const field = pattern.exec(key)?.[1];
    if (field !== undefined) out[field] = value;
  }
  return out;
}

/** A session from create parameters, or the error Stripe would give for them. */
function newSession(params: Record<string, string>): StandInSession | string {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = params.expires_at ? Number(params.expires_at) : now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    return 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.';
  }
  if (params.mode !== 'payment') return 'This stand-in only knows mode=payment.';
  if (!params['line_items[0][price_data][currency]']) return 'Missing required param: line_items.';
  const quantity = Number(params['line_items[0][quantity]'] ?? 1);
  const unitAmount = Number(params['line_items[0][price_data][unit_amount]']);
  const id = randomId('cs_test');
  return {
    id,
    object: 'checkout.session',
    mode: params.mode,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    amount_total: unitAmount * quantity,
    currency: params['line_items[0][price_data][currency]'],
    client_reference_id: params.client_reference_id ?? null,
    customer_email: params.customer_email ?? null,
    locale: params.locale ?? null,
    metadata: mapParam(params, 'metadata'),
    allowed_payment_method_types: listParam(params, 'allowed_payment_method_types'),
    success_url: params.success_url ?? null,
    cancel_url: params.cancel_url ?? null,
    expires_at: expiresAt,
    created: now,
    livemode: false,
    url: `https://checkout.stripe.com/c/pay/${id}`,
  };
}

/** Starts the stand-in on 127.0.0.1 on a free port; only `secretKey` is accepted when given. */
export async function startStripeStandIn(secretKey?: string): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  // Stripe answers a repeated Idempotency-Key with the first result, and refuses other params.
  const idempotent = new Map<string, { body: string; sessionId: string }>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const params = Object.fromEntries(new URLSearchParams(method === 'GET' ? url.search : body));
      requests.push({ method, path: url.pathname, params, headers: req.headers });

      if (secretKey && req.headers.authorization !== `Bearer ${secretKey}`) {
        sendError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
        return;
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (earlier) {
          if (earlier.body !== body) {
            sendError(
              res,
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          } else {
            send(res, sessions.get(earlier.sessionId));
          }
          return;
        }
        const session = newSession(params);
        if (typeof session === 'string') {
          sendError(res, 400, 'invalid_request_error', session);
          return;
        }
        sessions.set(session.id, session);
        if (typeof key === 'string') idempotent.set(key, { body, sessionId: session.id });
        send(res, session);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      const id = match?.[1];
      const session = id === undefined ? undefined : sessions.get(decodeURIComponent(id));
      if (!match || !session || (match[2] ? method !== 'POST' : method !== 'GET')) {
        const what = id
          ? `No such checkout.session: '${id}'`
          : `Unrecognized request URL (${method}: ${url.pathname}).`;
        sendError(res, 404, 'invalid_request_error', what);
        return;
      }
      if (match[2]) {
        if (session.status !== 'open') {
          sendError(
            res,
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status in ["open"] can be expired.',
          );
          return;
        }
        session.status = 'expired';
        session.url = null;
      }
      send(res, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const find = (id: string): StandInSession => {
    const session = sessions.get(id);
    if (!session) throw new Error(`stand-in has no session ${id}`);
    return session;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    complete(id, paymentStatus = 'paid') {
      const session = find(id);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent = randomId('pi');
      session.url = null;
      return session;
    },
    settle(id) {
      const session = find(id);
      session.payment_status = 'paid';
      return session;
    },
    close() {
      // The SDK keeps connections alive; without this, close waits for them to time out.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((e) => (e ? reject(e) : resolve())),
      );
    },
  };
}
