/**
 * Live events per member (DESIGN §5): an in-process hub, or Redis pub/sub when REDIS_URL is set,
 * so an event published on one server instance reaches the streams another instance holds.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LiveEvent } from '../../src/shared/contract/live-events';
import { unencapsulated } from './unencapsulated';

/** Receives a member's events with their unique id (the SSE `id:`). */
export type LiveListener = (event: LiveEvent, id: string) => void;

/** What routes use to publish and receive live events. */
export interface Realtime {
  /** Delivers `event` to every listener of `memberId` on every instance; never throws (events are hints). */
  publish(memberId: number, event: LiveEvent): Promise<void>;
  /** Resolves once events for `memberId` reach `listener`, with the function that stops them. */
  subscribe(memberId: number, listener: LiveListener): Promise<() => void>;
  /** Listeners of `memberId` on this instance. */
  listenerCount(memberId: number): number;
  /**
   * Whether `memberId` holds an event stream on any instance (an open app: its worker listens while
   * logged in). With Redis this counts the instances subscribed to the member's channel.
   */
  isLive(memberId: number): Promise<boolean>;
  /** Resolves when Redis answers a PING (at once without Redis); the readiness check uses it. */
  ping(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Listeners per member on this instance. */
class LocalHub {
  private readonly listeners = new Map<number, Set<LiveListener>>();

  constructor(private readonly onListenerError: (err: unknown) => void) {}

  /** Adds a listener; true when it is the member's first. */
  add(memberId: number, listener: LiveListener): boolean {
    const set = this.listeners.get(memberId);
    if (set) {
      set.add(listener);
      return false;
    }
    this.listeners.set(memberId, new Set([listener]));
    return true;
  }

  /** Removes a listener; true when it was the member's last. */
  remove(memberId: number, listener: LiveListener): boolean {
    const set = this.listeners.get(memberId);
    if (!set?.delete(listener) || set.size > 0) return false;
    this.listeners.delete(memberId);
    return true;
  }

  count(memberId: number): number {
    return this.listeners.get(memberId)?.size ?? 0;
  }

  deliver(memberId: number, event: LiveEvent, id: string): void {
    for (const listener of this.listeners.get(memberId) ?? []) {
      try {
        listener(event, id);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}

/** Events stay on this process: one server instance. */
function inProcess(hub: LocalHub): Realtime {
  return {
    async publish(memberId, event) {
      hub.deliver(memberId, event, randomUUID());
    },
    async subscribe(memberId, listener) {
      hub.add(memberId, listener);
      return () => void hub.remove(memberId, listener);
    },
    listenerCount: (memberId) => hub.count(memberId),
    isLive: async (memberId) => hub.count(memberId) > 0,
    ping: async () => undefined,
  };
}

/**
 * Events go through Redis: one channel per member, subscribed on a dedicated connection while
 * this instance has a listener for that member; every instance's listeners get them from there.
 */
async function throughRedis(app: FastifyInstance, hub: LocalHub, url: string): Promise<Realtime> {
  const prefix = `${app.config.redisPrefix}events-`;
  const channel = (memberId: number) => `${prefix}${memberId}`;
  const options = { connectTimeout: 500, lazyConnect: true } as const;
  const pub = new Redis(url, { ...options, maxRetriesPerRequest: 1 });
  // A subscribed connection can run nothing else, hence a second one.
  const sub = new Redis(url, options);
  for (const client of [pub, sub]) {
    client.on('error', (err) => app.log.warn({ err }, 'realtime: redis error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  app.addHook('onClose', async () => {
    await Promise.all([pub.quit(), sub.quit()]);
  });

  sub.on('message', (name: string, message: string) => {
    const memberId = Number(name.slice(prefix.length));
    try {
      const { id, event } = JSON.parse(message) as { id: unknown; event: unknown };
      const parsed = LiveEvent.safeParse(event);
      if (parsed.success && typeof id === 'string') hub.deliver(memberId, parsed.data, id);
      else app.log.warn({ channel: name }, 'realtime: malformed event ignored');
    } catch (err) {
      app.log.warn({ err, channel: name }, 'realtime: unreadable event ignored');
    }
  });

  /** SUBSCRIBE in flight or done per member, so a second listener waits for the same one. */
  const subscribed = new Map<number, Promise<unknown>>();
  return {
    async publish(memberId, event) {
      try {
        await pub.publish(channel(memberId), JSON.stringify({ id: randomUUID(), event }));
      } catch (err) {
        app.log.warn({ err, memberId }, 'realtime: publish failed');
      }
    },
    async subscribe(memberId, listener) {
      if (hub.add(memberId, listener)) subscribed.set(memberId, sub.subscribe(channel(memberId)));
      try {
        await subscribed.get(memberId);
      } catch (err) {
        if (hub.remove(memberId, listener)) subscribed.delete(memberId);
        throw err;
      }
      return () => {
        if (!hub.remove(memberId, listener)) return;
        subscribed.delete(memberId);
        // Redis runs a connection's commands in order, so a later SUBSCRIBE still wins.
        sub.unsubscribe(channel(memberId)).catch((err: unknown) => {
          app.log.warn({ err, memberId }, 'realtime: unsubscribe failed');
        });
      };
    },
    listenerCount: (memberId) => hub.count(memberId),
    async isLive(memberId) {
      if (hub.count(memberId) > 0) return true;
      try {
        // Each instance subscribes to a member's channel while it holds a stream of theirs.
        const reply = (await pub.pubsub('NUMSUB', channel(memberId))) as unknown[];
        return Number(reply[1]) > 0;
      } catch (err) {
        app.log.warn({ err, memberId }, 'realtime: presence unknown, taken as offline');
        return false;
      }
    },
    async ping() {
      await pub.ping();
    },
  };
}

export default unencapsulated('realtime', async (app: FastifyInstance) => {
  const hub = new LocalHub((err) => app.log.error({ err }, 'realtime: listener failed'));
  const { redisUrl } = app.config;
  app.decorate('realtime', redisUrl ? await throughRedis(app, hub, redisUrl) : inProcess(hub));
});
