/** A minimal Server-Sent Events reader over fetch, for tests against a listening app. */
import { SESSION_COOKIE } from '../../server/plugins/session';

/** One parsed SSE message: its id and data lines. */
export interface SseMessage {
  id: string | undefined;
  data: string;
}

/** An open stream and ways to wait for what it sends. */
export interface SseStream {
  response: Response;
  /** Everything received so far. */
  text(): string;
  /** Waits until `done(text)` holds; rejects after `timeoutMs` or when the stream ends first. */
  until(done: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** The messages (blocks with a data line) in a stream's text; comments and retry hints skipped. */
export function messages(text: string): SseMessage[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((l) => l.startsWith('data: ')))
    .map((lines) => ({
      id: lines.find((l) => l.startsWith('id: '))?.slice(4),
      data: lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n'),
    }));
}

/** Opens `url` with the session cookie and starts reading in the background. */
export async function openStream(url: string, cookie?: string): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    signal: controller.signal,
  });
  let text = '';
  let finished = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          wake();
        }
      } catch {
        // Aborted by close(): nothing more will come.
      }
      finished = true;
      wake();
    })();
  } else {
    finished = true;
  }

  const wait = (ok: () => boolean, fail: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (ok()) settle(resolve);
        else if (fail()) settle(() => reject(new Error(`stream ended before ${what}: ${text}`)));
      };
      const timer = setTimeout(
        () => settle(() => reject(new Error(`timed out waiting for ${what}: ${text}`))),
        timeoutMs,
      );
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        fn();
      };
      waiters.add(check);
      check();
    });

  return {
    response,
    text: () => text,
    async until(done, timeoutMs = 5000) {
      await wait(
        () => done(text),
        () => finished,
        'the expected data',
        timeoutMs,
      );
      return text;
    },
    ended: (timeoutMs = 5000) =>
      wait(
        () => finished,
        () => false,
        'the end',
        timeoutMs,
      ),
    close: () => controller.abort(),
  };
}
