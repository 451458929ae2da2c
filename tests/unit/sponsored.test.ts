/** Sponsored results (SPEC §6, §9): eligibility and where cam and ad cards go among results. */
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CamEntry } from '../../src/shared/contract/members';
import { SponsoredCard } from '../../src/features/members/SponsoredCard';
import { useSponsored } from '../../src/features/members/use-sponsored';
import {
  camList,
  interleaveSponsored,
  isSponsoredEligible,
  SPONSORED_MIN_ACCOUNT_AGE_MS,
  sponsoredHref,
  sponsoredKey,
  sponsoredKinds,
  snapshotUrl,
  type SponsoredItem,
} from '../../src/shared/sponsored';
import { setupI18n } from './helpers/i18n';

const session = vi.hoisted(() => ({
  user: null as null | { paid_user: boolean; signup_date: string },
  settings: { member_resell: ['cams', 'camads'], cams_snapshot_prefix: '/snap/' },
}));
vi.mock('../../src/app/session/session-context', () => ({ useSession: () => session }));
vi.mock('../../src/features/members/use-site-settings', () => ({
  useSiteSettings: () => session.settings,
}));

const cam = (i: number): CamEntry => ({ account: `cam${i}` });
const cams = (n: number) => Array.from({ length: n }, (_, i) => cam(i));
const profiles = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

/** The items as short labels: p<index>, cam:<entry>, ad:<entry>. */
function labels(items: SponsoredItem<{ id: number }>[]): string[] {
  return items.map((item) =>
    item.kind === 'profile' ? `p${item.profile.id}` : `${item.kind}:${item.entry.account}`,
  );
}

describe('interleaveSponsored', () => {
  it('places a cam after index 1 and an ad after index 5 of every block of 12 (indexes 0-35)', () => {
    const out = labels(interleaveSponsored(profiles(36), cams(6)));
    const expected: string[] = [];
    for (let i = 0; i < 36; i += 1) {
      expected.push(`p${i}`);
      const block = Math.floor(i / 12);
      if (i % 12 === 1) expected.push(`cam:cam${block * 2 + 1}`);
      if (i % 12 === 5) expected.push(`ad:cam${block * 2}`);
    }
    expect(out).toEqual(expected);
  });

  it('spells out every sponsored slot of indexes 0-35', () => {
    const out = labels(interleaveSponsored(profiles(36), cams(6)));
    const after = (i: number) => out[out.indexOf(`p${i}`) + 1];
    const sponsored = new Map([
      [1, 'cam:cam1'],
      [5, 'ad:cam0'],
      [13, 'cam:cam3'],
      [17, 'ad:cam2'],
      [25, 'cam:cam5'],
      [29, 'ad:cam4'],
    ]);
    for (let i = 0; i < 36; i += 1) {
      const next = after(i);
      if (sponsored.has(i)) expect(next, `after p${i}`).toBe(sponsored.get(i));
      else expect(next === undefined || next.startsWith('p'), `after p${i}`).toBe(true);
    }
    expect(out).toHaveLength(42);
  });

  it('leaves a slot empty when the list has no entry at its position', () => {
    expect(labels(interleaveSponsored(profiles(36), cams(3)))).toEqual(
      labels(interleaveSponsored(profiles(36), cams(6))).filter(
        (l) => !['cam:cam3', 'ad:cam4', 'cam:cam5'].includes(l),
      ),
    );
    const oneEntry = labels(interleaveSponsored(profiles(12), cams(1)));
    expect(oneEntry.filter((l) => !l.startsWith('p'))).toEqual(['ad:cam0']);
    expect(interleaveSponsored(profiles(12), null).every((i) => i.kind === 'profile')).toBe(true);
    expect(interleaveSponsored(profiles(12), {}).length).toBe(12);
  });

  it('needs the profile at the slot index to exist', () => {
    expect(labels(interleaveSponsored(profiles(1), cams(6)))).toEqual(['p0']);
    expect(labels(interleaveSponsored(profiles(2), cams(6)))).toEqual(['p0', 'p1', 'cam:cam1']);
    expect(labels(interleaveSponsored(profiles(5), cams(6)))).not.toContain('ad:cam0');
    expect(labels(interleaveSponsored(profiles(6), cams(6))).at(-1)).toBe('ad:cam0');
    expect(interleaveSponsored([], cams(6))).toEqual([]);
  });

  it('takes the object of the webcam response in key order', () => {
    const response = { '0': cam(0), '1': cam(1), '2': cam(2), '3': cam(3) };
    expect(camList(response).map((c) => c.account)).toEqual(['cam0', 'cam1', 'cam2', 'cam3']);
    expect(labels(interleaveSponsored(profiles(14), response))).toContain('cam:cam3');
  });

  it('places only the enabled kinds', () => {
    const onlyCams = labels(interleaveSponsored(profiles(12), cams(2), { ads: false }));
    expect(onlyCams.filter((l) => !l.startsWith('p'))).toEqual(['cam:cam1']);
    const onlyAds = labels(interleaveSponsored(profiles(12), cams(2), { cams: false }));
    expect(onlyAds.filter((l) => !l.startsWith('p'))).toEqual(['ad:cam0']);
  });

  it('gives every item a distinct key', () => {
    const keys = interleaveSponsored(profiles(36), cams(6)).map(sponsoredKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('isSponsoredEligible', () => {
  const now = Date.UTC(2026, 5, 1, 12);
  const settings = { member_resell: ['cams', 'camads'] as Array<'cams' | 'camads'> };
  const user = (signupMsAgo: number, paid = false) => ({
    paid_user: paid,
    signup_date: new Date(now - signupMsAgo).toISOString(),
  });

  it('needs a signup strictly older than 4 days (345600000 ms)', () => {
    expect(SPONSORED_MIN_ACCOUNT_AGE_MS).toBe(345_600_000);
    expect(isSponsoredEligible(user(345_600_000), settings, now)).toBe(false);
    expect(isSponsoredEligible(user(345_600_001), settings, now)).toBe(true);
    expect(isSponsoredEligible(user(345_599_999), settings, now)).toBe(false);
    expect(isSponsoredEligible(user(30 * 86_400_000), settings, now)).toBe(true);
  });

  it('never shows sponsored results to paid users or visitors', () => {
    expect(isSponsoredEligible(user(30 * 86_400_000, true), settings, now)).toBe(false);
    expect(isSponsoredEligible(null, settings, now)).toBe(false);
    expect(isSponsoredEligible(undefined, settings, now)).toBe(false);
  });

  it('needs cams or camads in member_resell', () => {
    const old = user(30 * 86_400_000);
    expect(isSponsoredEligible(old, { member_resell: [] }, now)).toBe(false);
    expect(isSponsoredEligible(old, { member_resell: ['cams'] }, now)).toBe(true);
    expect(isSponsoredEligible(old, { member_resell: ['camads'] }, now)).toBe(true);
    expect(isSponsoredEligible(old, null, now)).toBe(false);
    expect(sponsoredKinds({ member_resell: ['camads'] })).toEqual({ cams: false, ads: true });
    expect(sponsoredKinds({ member_resell: ['cams'] })).toEqual({ cams: true, ads: false });
  });

  it('refuses an unreadable signup date', () => {
    expect(isSponsoredEligible({ paid_user: false, signup_date: 'soon' }, settings, now)).toBe(
      false,
    );
  });
});

describe('sponsored links and snapshots', () => {
  it('opens ads through resellpartner.php and cams through the xcams redirect', () => {
    expect(sponsoredHref('ad', cam(1))).toBe(
      '/api/resellpartner.php?flow=profile-search&redirect=1',
    );
    expect(sponsoredHref('cam', { account: 'Luna_B-1' }, 'https://api.example')).toBe(
      'https://api.example/api/xcams/redirect.php?account=Luna_B-1',
    );
  });

  it('prefers the snapshot of the entry, else the configured prefix', () => {
    expect(snapshotUrl({ account: 'a', snapshot: 'https://img.example/a.jpg' }, '/x/')).toBe(
      'https://img.example/a.jpg',
    );
    expect(snapshotUrl({ account: 'Luna' }, 'https://img.example/snap/')).toBe(
      'https://img.example/snap/Luna',
    );
    expect(snapshotUrl({ account: 'Luna' }, undefined)).toBeNull();
  });
});

describe('SponsoredCard', () => {
  beforeAll(() => setupI18n());
  afterEach(cleanup);

  it('is one link to the webcam redirect that says it is sponsored and opens a new window', () => {
    render(
      createElement(SponsoredCard, {
        kind: 'cam',
        entry: { account: 'Luna', name: 'Luna', age: 24 },
        snapshotPrefix: '/snap/',
      }),
    );
    const link = screen.getByRole('link', { name: /Luna, 24.*sponsored.*new window/ });
    expect(link.getAttribute('href')).toBe('/api/xcams/redirect.php?account=Luna');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    expect(screen.getByText('ONLINE')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/snap/Luna');
  });

  it('sends an ad card through resellpartner.php with the AD badge', () => {
    render(createElement(SponsoredCard, { kind: 'ad', entry: { account: 'Mia' } }));
    const link = screen.getByRole('link', { name: /Mia: sponsored ad, opens in a new window/ });
    expect(link.getAttribute('href')).toBe('/api/resellpartner.php?flow=profile-search&redirect=1');
    expect(screen.getByText('AD')).toBeTruthy();
  });
});

describe('useSponsored', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** fetch that answers gender=male at once and leaves anything else pending until aborted. */
  function stubFetch() {
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      if (url.includes('gender=male')) {
        const body = JSON.stringify({
          cams: { '0': { account: 'Hugo' }, '1': { account: 'Noah' } },
        });
        return Promise.resolve(
          new Response(body, { headers: { 'content-type': 'application/json' } }),
        );
      }
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('Aborted', 'AbortError')),
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('loads for an eligible member and aborts (logged as aborted) when the filters change', async () => {
    session.user = { paid_user: false, signup_date: '2020-01-01T00:00:00.000Z' };
    const fetchMock = stubFetch();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { result, rerender, unmount } = renderHook(
      ({ gender }: { gender: '' | 'male' | 'female' }) =>
        useSponsored({ gender, min_age: 25, max_age: null }),
      { initialProps: { gender: 'female' } },
    );
    // The calls module loads when the first call is due.
    await waitFor(() =>
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/xcams/search.php?gender=female&min_age=25'),
    );
    rerender({ gender: 'male' });
    await waitFor(() =>
      expect(result.current.cams.map((c) => c.account)).toEqual(['Hugo', 'Noah']),
    );
    expect(info).toHaveBeenCalledWith('Sponsored webcams request aborted');
    expect(result.current.kinds).toEqual({ cams: true, ads: true });
    expect(result.current.snapshotPrefix).toBe('/snap/');
    unmount();
  });

  it('does not call for paid members or visitors', () => {
    const fetchMock = stubFetch();
    session.user = { paid_user: true, signup_date: '2020-01-01T00:00:00.000Z' };
    renderHook(() => useSponsored({ gender: 'male', min_age: 25, max_age: null }));
    session.user = null;
    const visitor = renderHook(() => useSponsored(null));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(visitor.result.current.cams).toEqual([]);
  });
});
