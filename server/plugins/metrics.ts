/**
 * Prometheus metrics through prom-client, one registry per app: requests and their latency per
 * route pattern, method and status class, the gauges other plugins add (open event streams, queues,
 * the database pool) and the process's default metrics. Never public: METRICS_PORT serves them on
 * 127.0.0.1 only (here), METRICS_TOKEN behind a bearer token on the main port (routes/metrics.ts).
 * With neither set nothing is collected and requests pay nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { unencapsulated } from './unencapsulated';

/** A counter of things that happened, by the values of its labels. */
export interface MetricsCounter<L extends string> {
  inc(labels: Record<L, string>, by?: number): void;
}

/** What other plugins use to report their state. */
export interface Metrics {
  /** A gauge read at every scrape (a failed read keeps the last value); nothing while off. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** A counter; label values must come from a short known list, never from requests. */
  counter<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
  ): MetricsCounter<L>;
  /** The 127.0.0.1 metrics listener's address once the app is ready; null without METRICS_PORT. */
  listenerAddress(): AddressInfo | null;
  /** Everything in the Prometheus text format, and its content type; null while off. */
  scrape(): Promise<{ text: string; contentType: string } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request latency buckets in seconds: most API answers take a few milliseconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const off: Metrics = {
  gauge: () => undefined,
  counter: () => ({ inc: () => undefined }),
  listenerAddress: () => null,
  scrape: () => Promise.resolve(null),
};

export default unencapsulated('metrics', async (app: FastifyInstance) => {
  const { token, port } = app.config.metrics;
  if (token === undefined && port === undefined) {
    app.decorate('metrics', off);
    return;
  }

  // Per app, not prom-client's global registry: tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status class',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the answer (an event stream: its whole life)',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      // The pattern, never the path: paths hold ids and would make a series per member.
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  let listener: Server | null = null;
  app.decorate('metrics', {
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await read());
          } catch (err) {
            app.log.warn({ err, metric: name }, 'metrics: gauge not read');
          }
        },
      });
    },
    counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
      const counter = new Counter({ name, help, labelNames, registers: [registry] });
      return { inc: (labels: Record<L, string>, by = 1) => counter.inc(labels, by) };
    },
    listenerAddress: () => (listener?.address() as AddressInfo | null) ?? null,
    scrape: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  } satisfies Metrics);

  if (port !== undefined) {
    app.addHook('onReady', async () => {
      const server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (err: unknown) => {
            app.log.error({ err }, 'metrics: scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
          },
        );
      });
      // Loopback only: the numbers describe members' activity and the machine.
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      listener = server;
      app.log.info({ address: server.address() }, 'metrics: listening');
    });
    app.addHook('onClose', async () => {
      const server = listener;
      listener = null;
      if (server) await new Promise((resolve) => server.close(resolve));
    });
  }
});
