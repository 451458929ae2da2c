/** Chat send-to-render latency: one server instance against two sharing PostgreSQL and Redis. */
import { randomBytes } from 'node:crypto';
import { launchChromium } from '../lib/browser';
import {
  openConversation,
  openFloor,
  percentile,
  QUIET_MS,
  sendAndTime,
  type OpenConversation,
} from '../lib/chat-latency';
import { FOLLOW_UP_DELAY_MS } from '../../../workers/follow-up';
import { createSchema, reserveRedis } from '../lib/chat-stores';
import { buildClient } from '../lib/client-build';
import { DEMO } from '../lib/member-session';
import { startBaseline, startServer, tempDir } from '../lib/processes';
import { measurePushClicks, type PushClicks } from '../lib/push-click';
import type { Part } from '../lib/report';

const DEMO2 = { email: 'demo2@example.com', password: DEMO.password };
const WARMUP = 4;
/** As many as the demo members' seeded credits pay for, warm-up included, at two credits each. */
const MESSAGES = 70;
/** A small seed: the demo logins are all the part needs, and a big one only slows the start. */
const SEED_MEMBERS = '100';
/** Push click-throughs timed; the demo members' credits left after MESSAGES pay for them. */
const PUSH_CLICKS = 10;
/** The floor setup's name in the tables. */
const FLOOR = 'floor: bare pages + node:http';

/** One setup: its name and the open conversation measured on it. */
interface Setup {
  name: string;
  /** The app (sent and read marks, database writes, server timings) or the bare floor. */
  app: boolean;
  conversation: OpenConversation;
  /** The servers its members send to, for their request timings. */
  servers: string[];
  samples: number[];
  /** Per measured message: ms from Enter to the sender's row and to the receiver's copy stored. */
  senderStored: number[];
  receiverLane: number[];
  receiverStored: number[];
  /** Server time of POST /api/chat.php over the measured messages: [seconds, requests]. */
  server: [number, number];
  /** Measured messages whose sender saw no "read" mark within sendAndTime's wait. */
  unread: string[];
}

/** Runs every cleanup even when one fails, newest first; throws the first failure afterwards. */
async function cleanUp(steps: (() => Promise<unknown>)[]): Promise<void> {
  let first: unknown;
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (err) {
      first ??= err;
    }
  }
  if (first) throw first instanceof Error ? first : new Error(String(first));
}

/**
 * Messages alternate direction (Alex to Sam, Sam to Alex) so 37 sends each stay within the demo
 * members' 100 credits at 2 a message, and alternate between the setups so drift hits all alike.
 */
async function measure(setups: Setup[], tag: string): Promise<void> {
  for (let i = 0; i < WARMUP + MESSAGES; i++) {
    if (i === WARMUP) {
      for (const setup of setups) if (setup.app) setup.server = await postChatTiming(setup.servers);
    }
    for (const setup of setups) {
      const { alex, sam } = setup.conversation;
      const [from, to] = i % 2 === 0 ? [alex, sam] : [sam, alex];
      const timed = await sendAndTime(from, to, `bench ${tag} ${setup.name} ${i}`, {
        marks: setup.app,
      });
      if (i < WARMUP) continue;
      setup.samples.push(timed.ms);
      if (timed.senderStored !== null) setup.senderStored.push(timed.senderStored);
      if (timed.receiverLane !== null) setup.receiverLane.push(timed.receiverLane);
      if (timed.receiverStored !== null) setup.receiverStored.push(timed.receiverStored);
      if (setup.app && !timed.readMarked)
        setup.unread.push(`#${i - WARMUP + 1} ${i % 2 === 0 ? 'A→S' : 'S→A'}`);
    }
  }
}

/** Lets the bench read each server's request timings (GET /metrics with this bearer token). */
const METRICS_TOKEN = randomBytes(16).toString('hex');

/**
 * Seconds spent answering POST /api/chat.php with 2xx, and how many, summed over `servers`: the
 * server's own histogram (from request to the end of the answer), read from /metrics.
 */
async function postChatTiming(servers: string[]): Promise<[number, number]> {
  let seconds = 0;
  let count = 0;
  for (const url of servers) {
    const res = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    if (!res.ok) throw new Error(`${url}/metrics answered ${res.status}`);
    const series = '{route="/api/chat.php",method="POST",status_class="2xx"}';
    for (const line of (await res.text()).split('\n')) {
      if (line.startsWith(`http_request_duration_seconds_sum${series} `)) {
        seconds += Number(line.split(' ').at(-1));
      } else if (line.startsWith(`http_request_duration_seconds_count${series} `)) {
        count += Number(line.split(' ').at(-1));
      }
    }
  }
  return [seconds, count];
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- chat`. */
export const chatPart: Part = {
  name: 'chat',
  async run() {
    const cleanups: (() => Promise<unknown>)[] = [];
    const setups: Setup[] = [];
    // The click-through's figures, or why it could not measure (the chat figures stand alone).
    let pushClicks: PushClicks | string = 'not measured';
    try {
      // Both stores first: without either the part cannot measure, and says why.
      const redis = await reserveRedis();
      cleanups.push(() => redis.clear());
      const single = await createSchema();
      cleanups.push(() => single.drop());
      const shared = await createSchema();
      cleanups.push(() => shared.drop());
      const app = await buildClient();
      const env = { SEED_MEMBERS, RATE_LIMIT_SCALE: '100000', METRICS_TOKEN };

      const one = await startServer(
        tempDir('chat-one'),
        { ...env, DATABASE_URL: single.databaseUrl },
        { root: app.root },
      );
      cleanups.push(() => one.stop());
      const scaledEnv = {
        ...env,
        DATABASE_URL: shared.databaseUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
      };
      // A first, so it migrates and seeds alone; B then finds the schema ready.
      const a = await startServer(tempDir('chat-a'), scaledEnv, { root: app.root });
      cleanups.push(() => a.stop());
      const b = await startServer(tempDir('chat-b'), scaledEnv, { root: app.root });
      cleanups.push(() => b.stop());

      const browser = await launchChromium();
      cleanups.push(() => browser.close());
      const pairs = [
        { name: 'one instance', alexUrl: one.url, samUrl: one.url, servers: [one.url] },
        { name: 'two instances + Redis', alexUrl: a.url, samUrl: b.url, servers: [a.url, b.url] },
      ];
      for (const { name, alexUrl, samUrl, servers } of pairs) {
        const conversation = await openConversation(
          browser,
          { url: alexUrl, login: DEMO },
          { url: samUrl, login: DEMO2 },
        );
        cleanups.push(() => conversation.close());
        setups.push({
          name,
          app: true,
          conversation,
          servers,
          samples: [],
          senderStored: [],
          receiverLane: [],
          receiverStored: [],
          server: [0, 0],
          unread: [],
        });
      }
      const floor = await startBaseline('tests/bench/lib/bare-chat-server.ts');
      cleanups.push(async () => floor.kill());
      const floorPages = await openFloor(browser, floor.url);
      cleanups.push(() => floorPages.close());
      setups.push({
        name: FLOOR,
        app: false,
        conversation: floorPages,
        servers: [],
        samples: [],
        senderStored: [],
        receiverLane: [],
        receiverStored: [],
        server: [0, 0],
        unread: [],
      });
      await measure(setups, randomBytes(3).toString('hex'));
      for (const setup of setups.filter((s) => s.app)) {
        const [seconds, count] = await postChatTiming(setup.servers);
        setup.server = [seconds - setup.server[0], count - setup.server[1]];
      }
      // On the one instance, once its conversation is quiet: Sam writes, Alex's push is clicked.
      const oneConversation = setups[0]!.conversation;
      const chatId = Number(/\/chats\/(\d+)$/.exec(oneConversation.alex.url())?.[1]);
      pushClicks = await measurePushClicks(
        browser,
        one.url,
        DEMO,
        oneConversation.sam,
        chatId,
        PUSH_CLICKS,
      ).catch((err: unknown) => `could not measure: ${(err as Error).message}`);
    } finally {
      await cleanUp(cleanups);
    }

    const figures = setups.map((s) => ({
      p50: percentile(s.samples, 50),
      p95: percentile(s.samples, 95),
      max: Math.max(...s.samples),
    }));
    const base = figures[0]!;
    const bare = figures[setups.findIndex((s) => !s.app)]!;
    const ratio = (x: number, y: number) => (y > 0 ? +(x / y).toFixed(2) : '–');
    return {
      note:
        `Chromium (playwright-core, headless), Alex and Sam (the demo logins) in two browser contexts ` +
        `with their conversation open. ${WARMUP} warm-up messages, then ${MESSAGES} measured, ` +
        'alternating direction, composer + Enter (the floor: its textarea + Enter). Latency = Date.now() in the receiver page when a ' +
        'MutationObserver (installed before sending) sees a bubble with that exact text, minus ' +
        'Date.now() in the sender page at the Enter keydown (capture phase); both pages run on the ' +
        "same machine, so they read the same clock (1 ms resolution). Each message waits for the sender's " +
        '"sent" (or "delivered") mark, up to 2 s for "read" (a read mark missing after 2 s is listed, ' +
        `not fatal), then ${QUIET_MS} ms of quiet, the shortest pause before a member answers, in ` +
        'which the receipts and list refetches the message set off end (they wait ' +
        `${FOLLOW_UP_DELAY_MS} ms to come as one); the three setups take turns message by message. One instance: ` +
        'the real server (NODE_ENV=production, bench build) on a fresh PostgreSQL schema, live events ' +
        'in-process. Two instances: Alex on A, Sam on B, one fresh PostgreSQL schema and one Redis ' +
        '(REDIS_URL, own REDIS_PREFIX), events through Redis pub/sub. Floor: the same browser, two ' +
        'plain pages on a bare node:http server (tests/bench/lib/bare-chat-server.ts), one POSTing ' +
        'the text, the other adding it to the page from an event stream: no database, worker, ' +
        'service worker or framework. Percentiles are nearest-rank. ' +
        'Target: p95 under 50 ms on one instance, under 100 ms on two.',
      rows: setups.map((s, i) => {
        const f = figures[i]!;
        return {
          setup: s.name,
          messages: s.samples.length,
          'p50 ms': f.p50,
          'p95 ms': f.p95,
          'max ms': f.max,
          'p50 ratio to one instance': ratio(f.p50, base.p50),
          'p95 ratio to one instance': ratio(f.p95, base.p95),
          'p50 ratio to floor': ratio(f.p50, bare.p50),
          'p95 ratio to floor': ratio(f.p95, bare.p95),
          'no read mark within 2 s': !s.app ? '–' : s.unread.length ? s.unread.join(', ') : 0,
        };
      }),
      tables: [
        {
          title:
            'Where the time went (p50 of the measured messages, ms after the Enter keydown). ' +
            '"Stored" is a committed write to a device\'s IndexedDB messages table, heard on ' +
            'Dexie\'s BroadcastChannel in that device\'s page; "handed to the page" is the ' +
            "receiver's sync worker posting the message on the message lane " +
            '(src/api/message-lane.ts), which the open conversation shows without waiting for ' +
            'the write; the server column is its own mean time for POST /api/chat.php (its ' +
            'metrics histogram), which lies inside the span from the keydown to the lane',
          rows: setups
            .filter((s) => s.app)
            .map((s) => {
              const [seconds, count] = s.server;
              const handed = percentile(s.receiverLane, 50);
              const shown = percentile(s.samples, 50);
              return {
                setup: s.name,
                "sender's own row stored": percentile(s.senderStored, 50),
                'server answers the POST (mean)':
                  count > 0 ? +((seconds / count) * 1000).toFixed(1) : '–',
                "receiver's worker hands it to the page": handed,
                'then on screen (difference of p50s)': shown - handed,
                'on screen': shown,
                "receiver's copy stored": percentile(s.receiverStored, 50),
                'messages with every time seen': Math.min(
                  s.senderStored.length,
                  s.receiverLane.length,
                  s.receiverStored.length,
                ),
              };
            }),
        },
        {
          title:
            `Push click-through on the one instance, ${PUSH_CLICKS} clicks: Alex has the app open ` +
            'on the member list (service worker warm); Sam sends a message through the API; ' +
            "DevTools delivers its push to Alex's service worker, which shows the notification; " +
            'a notificationclick event is dispatched in the worker with that notification (Chromium ' +
            'cannot click one from a test, and refuses openWindow() to such a click, so the worker ' +
            "steers the open tab with navigate()), and the conversation's page loads as a new " +
            "document (page cold). Ms from the click (the worker's Date.now()) to that document's " +
            'start (its performance.timeOrigin) and to the newest message in it (a MutationObserver ' +
            'from the document start)',
          rows: [pushClickRow(pushClicks)],
        },
        {
          title: 'Every measured message, ms (in send order)',
          rows: setups.map((s) => ({ setup: s.name, 'ms per message': s.samples.join(', ') })),
        },
      ],
    };
  },
};

/** The click-through's row: its percentiles, or why it could not measure. */
function pushClickRow(measured: PushClicks | string): Record<string, string | number> {
  if (typeof measured === 'string') return { setup: 'one instance', result: measured };
  const shown = measured.clicks.map((c) => c.shownAt);
  return {
    setup: 'one instance',
    clicks: shown.length,
    'document started p50 ms': percentile(
      measured.clicks.map((c) => c.documentAt),
      50,
    ),
    'message on screen p50 ms': percentile(shown, 50),
    'p95 ms': percentile(shown, 95),
    'max ms': Math.max(...shown),
    'pushes delivered twice': measured.pushesRepeated,
    'every click, ms': shown.join(', '),
  };
}
