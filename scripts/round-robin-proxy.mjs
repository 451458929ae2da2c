// The load balancer of scripts/two-instances.mjs: hands each request, event streams included, to
// the next instance in rotation and names it in `x-amora-instance`. An instance is in rotation while
// its readiness (GET /api/health) answers 200, checked every HEALTH_INTERVAL_MS, as Caddy's active
// health checks do; a 503 `health.draining` (a shutdown has begun) or HEALTH_FAILS other failed
// checks in a row take it out, one 200 puts it back, and the script takes one out itself before
// restarting it. When no instance is in rotation, requests go to the running ones that are out
// (load balancers "fail open"): a slow check on a busy machine must not turn the site into 503s.
//
// Retries (each instance is tried at most once per request; `x-amora-proxy-retries` counts them):
// - the instance refused the connection (or it failed otherwise before connecting): the request
//   never reached it, so it goes to the next instance whatever its method;
// - a kept-alive connection was closed under a GET, HEAD or OPTIONS before any answer: sent again.
// Anything else that fails before an answer is a 502; a failure during the answer cuts it.
import { Agent, request as httpRequest, createServer } from 'node:http';

/** How often each instance's readiness is asked. */
export const HEALTH_INTERVAL_MS = 500;
/** A readiness answer slower than this counts as not ready. */
const HEALTH_TIMEOUT_MS = 2000;
/** Failed readiness checks in a row that take an instance out of rotation. */
const HEALTH_FAILS = 2;
/** Methods without a body that may be sent again after a cut keep-alive connection. */
const RESENDABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** JSON error in the server's ApiError shape. */
function answerError(res, status, error, message) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '1' });
  res.end(JSON.stringify({ statusCode: status, error, message }));
}

/**
 * A proxy over `instances` (objects with name, port and state; state 'up' is in rotation). The
 * array may change while it runs. `log` gets one line per event worth knowing.
 */
export function roundRobinProxy(instances, log) {
  // Idle connections to the instances are dropped here well before the servers' own 72 s, so the
  // proxy never sends a request on one an instance is closing at that moment.
  const agent = new Agent({ keepAlive: true, timeout: 30_000 });
  let next = 0;
  const pickIn = (state, tried) => {
    for (let i = 0; i < instances.length; i++) {
      const instance = instances[(next + i) % instances.length];
      if (instance.state === state && !tried.has(instance)) {
        next = (instances.indexOf(instance) + 1) % instances.length;
        return instance;
      }
    }
    return undefined;
  };
  const pick = (tried) =>
    pickIn('up', tried) ??
    (instances.some((i) => i.state === 'up') ? undefined : pickIn('out', tried));

  const forward = (req, res, tried) => {
    const instance = pick(tried);
    if (!instance) {
      return answerError(res, 503, 'Service Unavailable', 'No instance is ready; try again soon');
    }
    tried.add(instance);
    let reached = false;
    let answered = false;
    const upstream = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port: instance.port,
        method: req.method,
        path: req.url,
        // Host stays as the browser sent it, so the servers' origin checks see the public address.
        headers: req.headers,
      },
      (answer) => {
        answered = true;
        res.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-amora-instance': instance.name,
          ...(tried.size > 1 && { 'x-amora-proxy-retries': String(tried.size - 1) }),
        });
        answer.pipe(res);
        // An instance that stops mid-answer (an event stream it ends) ends the client's answer too.
        answer.on('aborted', () => res.destroy());
        answer.on('error', () => res.destroy());
      },
    );
    // The body is handed over only once connected, so a refused connection leaves it unread.
    upstream.on('socket', (socket) => {
      const send = () => {
        reached = true;
        // A GET sent again after a cut connection has been read to its end already.
        if (req.readableEnded) upstream.end();
        else req.pipe(upstream);
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    upstream.on('error', (err) => {
      if (answered) return void res.destroy();
      const unreached = !reached;
      const resend = upstream.reusedSocket && RESENDABLE.has(req.method ?? '');
      if (unreached) {
        // It will be back in rotation once its readiness says so.
        if (instance.state === 'up') instance.state = 'out';
      }
      if ((unreached || resend) && !res.destroyed) {
        log(`${req.method} ${req.url}: ${instance.name} failed (${err.code}), sent to the next`);
        return forward(req, res, tried);
      }
      answerError(res, 502, 'Bad Gateway', `Instance ${instance.name} failed: ${err.code}`);
    });
    // A closed browser tab ends the upstream request too (an event stream would stay open).
    res.on('close', () => upstream.destroy());
  };

  const server = createServer((req, res) => forward(req, res, new Set()));
  // Event streams stay open for as long as the member's page does.
  server.requestTimeout = 0;
  // Clients close idle connections first (as behind a load balancer with a long idle timeout), so
  // none sends a request on a connection the proxy is closing at that moment.
  server.keepAliveTimeout = 65_000;

  /** Asks an instance's readiness: `ready`, `draining` (shutting down) or `failed`. */
  const check = (instance) =>
    new Promise((resolve) => {
      const probe = httpRequest(
        { agent: false, host: '127.0.0.1', port: instance.port, path: '/api/health' },
        (answer) => {
          let body = '';
          answer.on('data', (chunk) => (body += chunk));
          answer.on('end', () => {
            if (answer.statusCode === 200) resolve('ready');
            else resolve(body.includes('"health.draining"') ? 'draining' : 'failed');
          });
          answer.on('error', () => resolve('failed'));
        },
      );
      probe.setTimeout(HEALTH_TIMEOUT_MS, () => probe.destroy(new Error('timeout')));
      probe.on('error', () => resolve('failed'));
      probe.end();
    });
  /** Asks every instance that is up or out; sets its state by the answer. */
  const checkAll = async () => {
    await Promise.all(
      instances.map(async (instance) => {
        if (instance.state !== 'up' && instance.state !== 'out') return;
        const answer = await check(instance);
        // A restart may have begun while the probe was out.
        if (instance.state !== 'up' && instance.state !== 'out') return;
        const ready = answer === 'ready';
        instance.fails = ready ? 0 : (instance.fails ?? 0) + 1;
        const out = answer === 'draining' || instance.fails >= HEALTH_FAILS;
        const state = ready ? 'up' : out ? 'out' : instance.state;
        if (instance.state !== state) {
          log(`${instance.name} is ${ready ? 'back in' : 'out of'} rotation`);
        }
        instance.state = state;
      }),
    );
  };
  const timer = setInterval(() => void checkAll(), HEALTH_INTERVAL_MS);
  timer.unref();
  server.on('close', () => {
    clearInterval(timer);
    agent.destroy();
  });
  return { server, check };
}
