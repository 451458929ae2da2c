/**
 * A database of its own for each test of a screen. Tests that clear one shared database between
 * them lose to writes still on their way: a user answer a sign-up test asked for lands after the
 * next test's clear, and that test opens as a logged-in member. With a database per test, such a
 * late write lands where it can no longer be read.
 *
 * Each test file that uses it mocks the database module with it:
 *   vi.mock('../../src/db/db', (importOriginal) => dbModulePerTest(importOriginal));
 * and calls `freshDbForNextTest()` in its beforeEach.
 */
import type * as DbModule from '../../../src/db/db';

let current: DbModule.AmoraDb | null = null;
let opened = 0;

/** The database module with `getDb()` answering the running test's database. */
export async function dbModulePerTest(
  importOriginal: () => Promise<typeof DbModule>,
): Promise<typeof DbModule> {
  const original = await importOriginal();
  return {
    ...original,
    getDb: () => (current ??= original.openAmoraDb(`amora-screen-test-${++opened}`)),
  };
}

/** From now on `getDb()` opens a new, empty database. */
export function freshDbForNextTest(): void {
  current = null;
}
