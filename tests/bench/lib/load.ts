/** Load generation with autocannon: several short alternating runs, medians of each figure. */
import autocannon from 'autocannon';

/** Medians of one target over the rounds (errors and non-2xx summed). */
export interface LoadFigures {
  reqPerSec: number;
  p50: number;
  /** autocannon reports no p95: taken from every response time of the run. */
  p95: number;
  p99: number;
  errors: number;
  /** Answers that were not 2xx (or not the target's `expectStatus`). */
  non2xx: number;
}

/** One URL under load. */
export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** Paths cycled through, so a cache of one answer cannot flatter the figures. */
  paths?: string[];
  /** The status every answer must have (e.g. 304 for a conditional poll); default any 2xx. */
  expectStatus?: number;
}

async function once(target: Target, seconds: number, connections: number): Promise<LoadFigures> {
  // An empty path would send `GET  HTTP/1.1`, which every server answers with 400.
  const { pathname, search } = new URL(target.url);
  const paths = target.paths ?? [pathname + search];
  let i = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        headers: target.headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(times, 0.95),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: target.expectStatus ? unexpected(result, target.expectStatus) : result.non2xx,
  };
}

/** Answers with another status than `status` (autocannon counts every status it saw). */
function unexpected(result: autocannon.Result, status: number): number {
  const stats: Record<string, { count?: number }> = result.statusCodeStats ?? {};
  return Object.entries(stats).reduce(
    (sum, [code, { count = 0 }]) => sum + (Number(code) === status ? 0 : count),
    0,
  );
}

/** Nearest-rank percentile, rounded to 0.1 ms. */
function percentile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Runs every target `rounds` times, interleaved, so machine noise hits all of them alike. */
export async function measure(
  targets: Target[],
  { rounds = 3, seconds = 5, connections = 10 } = {},
): Promise<Record<string, LoadFigures>> {
  const runs: Record<string, LoadFigures[]> = {};
  for (const t of targets) await once(t, 1, connections); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const t of targets) (runs[t.name] ??= []).push(await once(t, seconds, connections));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      {
        reqPerSec: median(rs.map((x) => x.reqPerSec)),
        p50: median(rs.map((x) => x.p50)),
        p95: median(rs.map((x) => x.p95)),
        p99: median(rs.map((x) => x.p99)),
        errors: rs.reduce((s, x) => s + x.errors, 0),
        non2xx: rs.reduce((s, x) => s + x.non2xx, 0),
      },
    ]),
  );
}
