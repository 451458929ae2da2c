import { describe, expect, it } from 'vitest';
import { createLeavingGate } from '../../workers/leaving';

/** Whether `promise` settled within a few turns of the event loop. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
}

describe('createLeavingGate', () => {
  const failing = () => Promise.reject(new Error('The page is leaving'));

  it('answers failures while the page stays', async () => {
    const gate = createLeavingGate();
    const api = gate.guard({ fail: failing });
    await expect(api.fail()).rejects.toThrow('The page is leaving');
  });

  it('leaves a call that fails while the page may be leaving unanswered', async () => {
    const gate = createLeavingGate();
    const api = gate.guard({ fail: failing });
    gate.leaving();
    expect(await settles(api.fail())).toBe(false);
  });

  it('leaves a call that was under way when the page said so unanswered, even if it fails later', async () => {
    const gate = createLeavingGate();
    let fail: (error: Error) => void = () => undefined;
    const api = gate.guard({
      send: () => new Promise<string>((_, reject) => (fail = reject)),
    });
    const sent = api.send();
    gate.leaving();
    gate.stayed();
    fail(new Error('aborted'));
    expect(await settles(sent)).toBe(false);
  });

  it('answers successes whatever the page does, and failures again once it stayed', async () => {
    const gate = createLeavingGate();
    const api = gate.guard({ ok: () => Promise.resolve('done'), fail: failing });
    gate.leaving();
    await expect(api.ok()).resolves.toBe('done');
    gate.stayed();
    await expect(api.fail()).rejects.toThrow('The page is leaving');
  });

  it('passes what is not a function, and calls that answer at once, through', () => {
    const gate = createLeavingGate();
    const api = gate.guard({ version: 3, now: () => 42 });
    expect(api.version).toBe(3);
    expect(api.now()).toBe(42);
  });
});
