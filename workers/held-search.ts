/**
 * A search the device had no room to store (quota-guard.ts refused it even after the trim): kept
 * in this worker and handed to the pages on the page lane, so searching and paging go on online.
 * Once held, a search stays in memory until the filters change, so its pages are never split
 * between the database and memory.
 */
import type { Profile } from '../src/shared/contract/fields';
import type { PageKind, SearchRow } from '../src/db/db';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';

interface Held {
  memberId: number;
  row: SearchRow;
  /** Profiles per page, by `kind:pageNumber`. */
  pages: Map<string, Profile[]>;
}

const heldSearches = new WeakMap<SyncContext, Held>();

const pageKey = (kind: PageKind, page: number) => `${kind}:${page}`;

/** The held search's row, when there is one for the session member (another session drops it). */
export async function heldRow(ctx: SyncContext): Promise<SearchRow | null> {
  const held = heldSearches.get(ctx);
  if (!held) return null;
  if ((await kvGet(ctx.db, 'session'))?.memberId === held.memberId) return held.row;
  heldSearches.delete(ctx);
  return null;
}

/** Profile ids of the held pages of one search and kind (none when another search is held). */
export function heldIds(ctx: SyncContext, filterKey: string, kind: PageKind): number[] {
  const held = heldSearches.get(ctx);
  if (held?.row.filterKey !== filterKey) return [];
  return pagesOf(held, kind).flatMap((profiles) => profiles.map((p) => p.id));
}

/**
 * Holds `row` (with one more page, when given) for the session member, starting from what the
 * database already has of that search, and hands the result to the pages. False when the session
 * is no longer `stamp`'s: the answer belongs to someone else and is dropped.
 */
export async function holdSearch(
  ctx: SyncContext,
  stamp: number | undefined,
  row: SearchRow,
  added?: { kind: PageKind; page: number; profiles: Profile[] },
): Promise<boolean> {
  const session = await kvGet(ctx.db, 'session');
  if (!session || session.changedAt !== stamp || session.memberId === null) return false;
  let held = heldSearches.get(ctx);
  if (held?.row.filterKey !== row.filterKey || held.memberId !== session.memberId) {
    held = { memberId: session.memberId, row, pages: await storedPages(ctx, row.filterKey) };
    heldSearches.set(ctx, held);
  }
  held.row = row;
  if (added) held.pages.set(pageKey(added.kind, added.page), added.profiles);
  ctx.announce?.({
    type: 'search',
    memberId: held.memberId,
    search: row,
    results: unique(pagesOf(held, 'main').flat()),
    similar: unique(pagesOf(held, 'similar').flat()),
  });
  return true;
}

/** The search is stored again (a new one that fitted): pages go back to reading the database. */
export function releaseSearch(ctx: SyncContext): void {
  const held = heldSearches.get(ctx);
  if (!held) return;
  heldSearches.delete(ctx);
  ctx.announce?.({
    type: 'search',
    memberId: held.memberId,
    search: null,
    results: [],
    similar: [],
  });
}

/** The pages the database holds of a search, with their profiles. */
async function storedPages(ctx: SyncContext, filterKey: string): Promise<Map<string, Profile[]>> {
  const { db } = ctx;
  const pages = await db.searchPages.where('filterKey').equals(filterKey).toArray();
  const profiles = await db.profiles.bulkGet([...new Set(pages.flatMap((p) => p.results))]);
  const byId = new Map(profiles.flatMap((p) => (p ? [[p.id, p] as const] : [])));
  return new Map(
    pages.map((p) => [
      pageKey(p.kind, p.pageNumber),
      p.results.flatMap((id) => byId.get(id) ?? []),
    ]),
  );
}

/** The profile lists of one kind in page order. */
function pagesOf(held: Held, kind: PageKind): Profile[][] {
  return [...held.pages.entries()]
    .filter(([key]) => key.startsWith(`${kind}:`))
    .sort(([a], [b]) => Number(a.split(':')[1]) - Number(b.split(':')[1]))
    .map(([, profiles]) => profiles);
}

/** Profiles in order without repeats (a member can move between pages while paging). */
function unique(profiles: Profile[]): Profile[] {
  const seen = new Set<number>();
  return profiles.filter((p) => !seen.has(p.id) && seen.add(p.id));
}
