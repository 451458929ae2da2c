/**
 * Web push (DESIGN §5): VAPID keys from the environment, or generated once into
 * `DATA_DIR/vapid.json` (mode 0600) so every restart and every instance on that folder signs with
 * the same key the browsers subscribed with. Every live event published through `app.realtime`
 * also goes through `onLiveEvent`, which sends a push for new messages and likes in the background.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { z } from 'zod';
import type { LiveEvent } from '../../src/shared/contract/live-events';
import type { AppConfig } from '../config';
import { createPushTexts, noticeFor } from '../services/push-payload';
import { createPushSender, type NotifyMember, type VapidKeys } from '../services/push-sender';
import { unencapsulated } from './unencapsulated';

/** What routes and services use to send pushes. */
export interface PushService {
  /** settings.push_pub: the key browsers subscribe with. */
  publicKey: string;
  /** Sends `payload` to every subscription of the member; never throws. */
  notifyMember: NotifyMember;
  /** Sends the push a live event calls for (if any) in the background; never throws. */
  onLiveEvent(memberId: number, event: LiveEvent): void;
  /** Resolves when every background push started so far has settled (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/** File name of the generated keys inside DATA_DIR. */
export const VAPID_FILE = 'vapid.json';

const StoredKeys = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/** The keys of the environment, else of DATA_DIR/vapid.json, else new ones written there. */
export async function loadVapidKeys(config: AppConfig): Promise<VapidKeys> {
  const subject = config.vapid?.subject ?? defaultSubject(config.baseUrl);
  const { publicKey, privateKey } = config.vapid ?? {};
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = join(config.dataDir, VAPID_FILE);
  const stored = await readKeys(file);
  if (stored) return { ...stored, subject };
  const fresh = webpush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  try {
    // wx: a sibling instance that wrote first wins, and everyone uses its keys.
    await writeFile(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
    return { ...fresh, subject };
  } catch (err) {
    const written = (err as NodeJS.ErrnoException).code === 'EEXIST' && (await readKeys(file));
    if (!written) throw err;
    return { ...written, subject };
  }
}

async function readKeys(file: string): Promise<z.infer<typeof StoredKeys> | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = StoredKeys.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${file} holds no VAPID keys; delete it to generate new ones`);
  return parsed.data;
}

/** Push services may contact the site owner: the public https address, else a mailbox. */
function defaultSubject(baseUrl: string | undefined): string {
  return baseUrl?.startsWith('https://') ? baseUrl : 'mailto:webmaster@localhost';
}

export default unencapsulated('push', async (app: FastifyInstance) => {
  const vapid = await loadVapidKeys(app.config);
  const notifyMember = createPushSender({ repo: app.repos.push, vapid, log: app.log });
  const texts = createPushTexts(app.config.localesDir);
  const inFlight = new Set<Promise<unknown>>();

  const onLiveEvent = (memberId: number, event: LiveEvent) => {
    if (event.type !== 'message' && event.type !== 'like') return;
    const run = noticeFor(app.repos.push, texts, memberId, event)
      .then((notice) => (notice ? notifyMember(memberId, notice) : 0))
      .catch((err: unknown) => app.log.warn({ err, memberId }, 'push: event not sent'))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  };

  // Hook into publishing (not receiving): one push per event, on the instance that published it.
  const publish = app.realtime.publish.bind(app.realtime);
  app.realtime.publish = async (memberId, event) => {
    onLiveEvent(memberId, event);
    await publish(memberId, event);
  };

  const idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  app.decorate('push', { publicKey: vapid.publicKey, notifyMember, onLiveEvent, idle });
  app.metrics.gauge('amora_push_sending', 'Push notifications being sent', () => inFlight.size);
  app.addHook('onClose', idle);
});
