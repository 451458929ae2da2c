/**
 * Generates the cases (the same ones for the same seed), sends them a few at a time and judges
 * every answer. Targets take turns, so every route gets its share of any run count.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { fuzzCase, type FuzzCase } from './request-arbitrary';
import { targetKey, type FuzzTarget } from './route-table';
import type { Hints } from './schema-arbitrary';
import type { SessionKeeper } from './session-keeper';
import { ANSWER_TIMEOUT_MS, viaHttp, viaInject, viaRaw, type Outcome } from './transports';
import { problemWith } from './verdict';
import { describe, wire, type WireRequest } from './wire';

/** Cases for `runs` requests: targets in turn, each target's cases from its own seed. */
export function generate(
  targets: FuzzTarget[],
  hints: Hints,
  seed: number,
  runs: number,
): FuzzCase[] {
  const perTarget = targets.map((target, i) =>
    fc.sample(fuzzCase(target, hints), {
      seed: seed + i,
      numRuns: Math.ceil(runs / targets.length),
    }),
  );
  const cases: FuzzCase[] = [];
  for (let k = 0; cases.length < runs; k += 1) {
    for (const batch of perTarget) {
      const c = batch[k];
      if (c && cases.length < runs) cases.push(c);
    }
  }
  return cases;
}

/** One request that was answered wrongly. */
export interface Failure {
  index: number;
  request: string;
  problem: string;
}

/** What a run did. */
export interface RunReport {
  sent: number;
  answers: number;
  /** Requests the client library would not send (not the server's doing). */
  unsendable: number;
  byStatus: Map<number, number>;
  byTransport: Map<string, number>;
  failures: Failure[];
  /** The slowest requests, slowest first: where the run's time goes. */
  slowest: Array<{ ms: number; request: string }>;
  /** Time spent per target (method and path). */
  msByTarget: Map<string, number>;
  /** Answers below 400 per target: how often generated input got past validation. */
  acceptedByTarget: Map<string, number>;
}

/** Where and how requests go. */
export interface RunContext {
  app: FastifyInstance;
  port: number;
  keeper: SessionKeeper;
  demoSecret: string;
  concurrency: number;
  /** Requests to targets matching this ("METHOD /path") are printed with their answers. */
  trace?: RegExp;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function send(ctx: RunContext, c: FuzzCase, w: WireRequest): Promise<Outcome> {
  switch (c.transport) {
    case 'inject':
      return withTimeout(viaInject(ctx.app, w));
    case 'http':
      return viaHttp(ctx.port, w);
    case 'raw':
      return viaRaw(ctx.port, w, c.twist ?? 'chunked');
  }
}

function noteTime(report: RunReport, ms: number, request: () => string): void {
  const { slowest } = report;
  if (slowest.length >= 8 && ms <= (slowest.at(-1)?.ms ?? 0)) return;
  slowest.push({ ms, request: request().slice(0, 300) });
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.length = Math.min(slowest.length, 8);
}

/** Sends every case and judges every answer. */
export async function runCases(ctx: RunContext, cases: FuzzCase[]): Promise<RunReport> {
  const report: RunReport = {
    sent: 0,
    answers: 0,
    unsendable: 0,
    byStatus: new Map(),
    byTransport: new Map(),
    failures: [],
    slowest: [],
    msByTarget: new Map(),
    acceptedByTarget: new Map(),
  };
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < cases.length; index = next++) {
      const c = cases[index] as FuzzCase;
      const w = wire(c, {
        sessionCookie: (identity) => ctx.keeper.cookie(identity),
        demoSecret: ctx.demoSecret,
      });
      report.sent += 1;
      report.byTransport.set(c.transport, (report.byTransport.get(c.transport) ?? 0) + 1);
      let outcome: Outcome;
      const started = Date.now();
      try {
        outcome = await send(ctx, c, w);
      } catch (err) {
        report.failures.push({ index, request: describe(c, w), problem: (err as Error).message });
        continue;
      } finally {
        const ms = Date.now() - started;
        noteTime(report, ms, () => describe(c, w));
        const key = targetKey(c.target);
        report.msByTarget.set(key, (report.msByTarget.get(key) ?? 0) + ms);
      }
      if ('unsendable' in outcome) {
        report.unsendable += 1;
        continue;
      }
      for (const answer of outcome.answers) {
        report.answers += 1;
        report.byStatus.set(answer.status, (report.byStatus.get(answer.status) ?? 0) + 1);
        const key = targetKey(c.target);
        const accepted = answer.status < 400 ? 1 : 0;
        report.acceptedByTarget.set(key, (report.acceptedByTarget.get(key) ?? 0) + accepted);
        const method = c.twist === 'bad-method' && c.transport === 'raw' ? 'BREW' : w.method;
        const problem = problemWith(method, answer.url ?? w.url, answer);
        if (problem) report.failures.push({ index, request: describe(c, w), problem });
        if (ctx.trace?.test(key)) {
          const text = answer.body.subarray(0, 200).toString('utf8');
          console.log(`#${index} ${answer.status} ${text}\n    ${describe(c, w)}`);
        }
        await ctx.keeper.afterAnswer(c.identity, answer.headers['set-cookie']);
      }
    }
  };
  await Promise.all(Array.from({ length: ctx.concurrency }, worker));
  return report;
}
