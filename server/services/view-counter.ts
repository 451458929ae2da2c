/**
 * Page views counted in memory and written in batches: a lander request costs a map update, never
 * a database round trip. Views with the same page kind, day and dimensions add up to one row.
 * A failed write keeps its counts for the next flush; close() writes what is left. Values made
 * up by visitors past a day's limit count as "other" (view-vocabulary.ts).
 */
import type { ViewBatch } from '../repositories/stats-events.repository';
import { utcDay, type StatsDimensions } from '../lib/stats-dimensions';
import { ViewVocabulary } from './view-vocabulary';

/** How often counted views are written. */
export const VIEW_FLUSH_MS = 5000;
const DAY_MS = 86_400_000;
/** Distinct batches held at most between two flushes; past it a flush starts at once. */
const MAX_BATCHES = 5000;

/** Counts views and hands them to `write` in batches. */
export class ViewCounter {
  private pending = new Map<string, ViewBatch>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private day = { from: 0, text: '' };
  private readonly vocabulary: ViewVocabulary;

  constructor(
    private readonly write: (batches: ViewBatch[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    vocabulary = new ViewVocabulary(),
  ) {
    this.vocabulary = vocabulary;
  }

  /** Counts one view. */
  count(event: ViewBatch['event'], counted: StatsDimensions, now = Date.now()): void {
    const day = this.dayOf(now);
    const dimensions = this.vocabulary.admit(day, counted);
    const id = `${event}\u0000${day}\u0000${Object.values(dimensions).join('\u0000')}`;
    const batch = this.pending.get(id);
    if (batch) batch.count += 1;
    else this.pending.set(id, { event, day, dimensions, count: 1, firstAt: now });
    if (this.pending.size >= MAX_BATCHES) void this.flush();
  }

  /** The UTC day of `now`, worked out once per day rather than once per view. */
  private dayOf(now: number): string {
    if (now < this.day.from || now >= this.day.from + DAY_MS) {
      const from = now - (now % DAY_MS);
      this.day = { from, text: utcDay(from) };
    }
    return this.day.text;
  }

  /** Views counted and not yet written. */
  get waiting(): number {
    let n = 0;
    for (const batch of this.pending.values()) n += batch.count;
    return n;
  }

  /** Writes what was counted so far; one flush at a time (a second call joins the first). */
  flush(): Promise<void> {
    this.flushing ??= this.writePending().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const taken = this.pending;
    this.pending = new Map();
    try {
      await this.write([...taken.values()]);
    } catch (error) {
      // Put the counts back: views counted meanwhile add to them.
      for (const [id, batch] of taken) {
        const newer = this.pending.get(id);
        if (newer) {
          newer.count += batch.count;
          newer.firstAt = Math.min(newer.firstAt, batch.firstAt);
        } else this.pending.set(id, batch);
      }
      this.onError(error);
    }
  }

  /** Flushes every `intervalMs` until stop(). */
  start(intervalMs = VIEW_FLUSH_MS): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    // A flush that was running kept nothing back, but views may have come in while it ran.
    await this.flush();
  }
}
