/**
 * Summaries of a V8 CPU profile (`node --cpu-prof`): where the samples' own time went, by the
 * package or source file of the function that spent it, so two servers' profiles can be compared
 * layer by layer. The compiled server is one bundle; esbuild marks each source file in it with a
 * `// path` comment line, which maps a bundle line back to its file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A share of the profile's busy time. */
export interface ProfileShare {
  where: string;
  /** Percent of the samples that were not idle. */
  percent: number;
  /** Microseconds of CPU spent there. */
  micros: number;
}

/** The source files of an esbuild bundle by line: `starts[i]` is where `files[i]` begins. */
interface BundleMap {
  starts: number[];
  files: string[];
}

const bundles = new Map<string, BundleMap | null>();

function bundleMap(url: string): BundleMap | null {
  if (!bundles.has(url)) {
    let map: BundleMap | null = null;
    try {
      const lines = readFileSync(fileURLToPath(url), 'utf8').split('\n');
      map = { starts: [], files: [] };
      lines.forEach((line, i) => {
        const marker = /^\/\/ ((?:server|src)\/\S+\.tsx?)$/.exec(line);
        if (marker) {
          map!.starts.push(i);
          map!.files.push(marker[1]!);
        }
      });
      if (map.files.length === 0) map = null;
    } catch {
      map = null;
    }
    bundles.set(url, map);
  }
  return bundles.get(url) ?? null;
}

/** The source file of a bundle line (0-based), or null outside any marked file. */
function bundledFile(map: BundleMap, line: number): string | null {
  let lo = 0;
  let hi = map.starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (map.starts[mid]! <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : map.files[found]!;
}

/** What a frame's code belongs to: an npm package, a source file of ours, or Node and V8. */
export function layerOf(url: string, line: number): string | null {
  if (!url) return null;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node ');
  if (url.startsWith('file://') && !/node_modules\/(?!\.tmp\/)/.test(url)) {
    const map = bundleMap(url);
    const file = map && bundledFile(map, line);
    if (file) return file;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
  if (pkg && pkg[1] !== '.tmp') return pkg[1]!;
  const own = /\/((?:server|src|tests)\/.+?)(\?.*)?$/.exec(url);
  return own ? own[1]! : url.slice(url.lastIndexOf('/') + 1);
}

/**
 * Self time per layer, largest first. V8's own frames (a native call such as SQLite's step, a
 * hash, JSON.stringify) count for the layer that called them, marked "(native)"; garbage
 * collection is its own row; idle time is left out. `lastMs` keeps only the samples of the
 * profile's last milliseconds (the load, without the start-up before it).
 */
export function summarizeProfile(
  file: string,
  { top = 12, lastMs = Infinity }: { top?: number; lastMs?: number } = {},
): { busyMicros: number; shares: ProfileShare[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const layers = new Map<number, string>();
  const layerFor = (id: number): string => {
    const known = layers.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const { url, lineNumber, functionName } = node.callFrame;
    let layer = layerOf(url, lineNumber);
    if (layer === null) {
      const up = parent.get(id);
      if (functionName.startsWith('(') || up === undefined) layer = functionName || '(native)';
      else layer = `${layerFor(up).replace(/ \(native\)$/, '')} (native)`;
    }
    layers.set(id, layer);
    return layer;
  };
  const totals = new Map<string, number>();
  let busy = 0;
  const from = profile.endTime - lastMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (!byId.has(id) || at < from) return;
    const where = layerFor(id);
    if (where === '(idle)') return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    totals.set(where, (totals.get(where) ?? 0) + delta);
  });
  const shares = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, time]) => ({
      where,
      percent: +((100 * time) / Math.max(busy, 1)).toFixed(1),
      micros: time,
    }));
  return { busyMicros: busy, shares };
}
