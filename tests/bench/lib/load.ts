/** Load generation with autocannon: several short alternating runs, medians of each figure. */
import autocannon from 'autocannon';

/** Medians of one target over the rounds (errors and non-2xx summed). */
export interface LoadFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One URL under load. */
export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** Paths cycled through, so a cache of one answer cannot flatter the figures. */
  paths?: string[];
}

async function once(target: Target, seconds: number, connections: number): Promise<LoadFigures> {
  // An empty path would send `GET  HTTP/1.1`, which every server answers with 400.
  const { pathname, search } = new URL(target.url);
  const paths = target.paths ?? [pathname + search];
  let i = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: target.headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
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
        p99: median(rs.map((x) => x.p99)),
        errors: rs.reduce((s, x) => s + x.errors, 0),
        non2xx: rs.reduce((s, x) => s + x.non2xx, 0),
      },
    ]),
  );
}
