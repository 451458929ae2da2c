/**
 * What a screen's first render needs built beforehand when the app takes over a page drawn by the
 * server or the build: Intl objects, whose first construction loads the language's data (tens of
 * ms on a phone; the first one of a page, 20–30 ms at full speed). Made inside a render, each
 * lengthens a task that is already long; made here, each gets a task of its own before the render
 * starts, and the render finds them in the caches it reads.
 */
import { nextTask } from '../lib/next-task';

type Preparation = (lng: string) => void;

const waiting: Preparation[] = [];

/** Called by a screen's module when it loads: `prepare` runs once, before its first render. */
export function prepareForTakeOver(prepare: Preparation): void {
  waiting.push(prepare);
}

/** Runs the preparations of the modules loaded so far, each in a task of its own. */
export async function runTakeOverPreparations(lng: string): Promise<void> {
  for (let prepare = waiting.shift(); prepare; prepare = waiting.shift()) {
    await nextTask();
    try {
      prepare(lng);
    } catch (error) {
      // Only an object built early is lost: the render builds it itself.
      console.warn('A take-over preparation failed', error);
    }
  }
}
