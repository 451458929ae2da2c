/**
 * A background job of one server instance: runs its work at start, every `pollMs` (work another
 * instance queued) and at once when woken (work this instance just queued). A wake while the work
 * runs makes it run once more right after, so nothing queued meanwhile waits for the timer; the
 * work never runs twice at the same time.
 */
export class WakeableLoop {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private halted = true;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly pollMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** True before start() and from stop() on: the work should let go as soon as it can. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Runs the work now, then every pollMs until stopped. */
  start(): void {
    this.halted = false;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs the work now, or once more after the run in progress. */
  wake(): void {
    if (this.halted) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch(this.onError)
      .finally(() => (this.ticking = null));
  }

  /** Resolves once no work is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.ticking) await this.ticking;
  }

  /** Takes no new runs and waits for the one in progress. */
  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async tick(): Promise<void> {
    do {
      this.again = false;
      await this.work();
    } while (this.again && !this.halted);
  }
}
