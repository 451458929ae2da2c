/**
 * CPU profiles under load: each server started with `node --cpu-prof`, loaded alone for a few
 * seconds, stopped, and its profile summarized as CPU microseconds per request by layer, so the
 * site and its floor can be compared line by line.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { summarizeProfile } from './cpu-profile';
import { measure } from './load';
import type { Row } from './report';

/** A server to profile: how to start it with Node flags, and what to load. */
export interface Profiled {
  name: string;
  start(nodeArgs: string[]): Promise<{ url: string; stop(): Promise<void> }>;
  path: string;
  headers: Record<string, string>;
}

const SECONDS = 5;

/** One table: a row per layer (the largest of any server), a column per server. */
export async function profileUnderLoad(servers: Profiled[], dir: string, top = 14) {
  const perServer: { name: string; perRequest: Map<string, number>; total: number }[] = [];
  for (const [i, server] of servers.entries()) {
    const profileDir = join(dir, String(i));
    const running = await server.start(['--cpu-prof', '--cpu-prof-dir', profileDir]);
    const url = running.url.replace(/\/$/, '') + server.path;
    const figures = await measure([{ name: server.name, url, headers: server.headers }], {
      rounds: 1,
      seconds: SECONDS,
    });
    await running.stop();
    const requests = Math.max(1, (figures[server.name]?.reqPerSec ?? 0) * SECONDS);
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no CPU profile written by ${server.name}`);
    const { busyMicros, shares } = summarizeProfile(join(profileDir, file), {
      top: 60,
      lastMs: SECONDS * 1000,
    });
    perServer.push({
      name: server.name,
      perRequest: new Map(shares.map((s) => [s.where, s.micros / requests])),
      total: busyMicros / requests,
    });
  }
  const layers = new Map<string, number>();
  for (const { perRequest } of perServer) {
    for (const [where, micros] of perRequest) {
      layers.set(where, Math.max(layers.get(where) ?? 0, micros));
    }
  }
  const cell = (value: number | undefined) => (value === undefined ? 0 : +value.toFixed(1));
  const rows: Row[] = [
    Object.fromEntries([
      ['layer', 'all CPU (µs per request)'],
      ...perServer.map((s) => [s.name, cell(s.total)]),
    ]),
    ...[...layers]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([where]) =>
        Object.fromEntries([
          ['layer', where],
          ...perServer.map((s) => [s.name, cell(s.perRequest.get(where))]),
        ]),
      ),
  ];
  return rows;
}
