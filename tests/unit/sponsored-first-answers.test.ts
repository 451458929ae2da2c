/**
 * The members grid takes its first webcams from the page's first answers (the server's answer for
 * the first search's filters): no call for those filters, a call as before for any other.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSponsored } from '../../src/features/members/use-sponsored';
import type { FirstAnswers } from '../../src/shared/first-answers';
import { removeFirstAnswers, writeFirstAnswers } from './helpers/first-answers';

const session = vi.hoisted(() => ({
  user: { id: 7, paid_user: false, signup_date: '2020-01-01T00:00:00.000Z' } as {
    id: number;
    paid_user: boolean;
    signup_date: string;
  },
}));
vi.mock('../../src/app/session/session-context', () => ({ useSession: () => session }));
vi.mock('../../src/features/members/use-site-settings', () => ({
  useSiteSettings: () => ({ member_resell: ['cams', 'camads'], cams_snapshot_prefix: '/snap/' }),
}));

const FIRST: Pick<FirstAnswers, 'cams'> & { user: { id: number } } = {
  user: { id: 7 },
  cams: {
    query: { gender: 'male', min_age: 25 },
    answer: { cams: { '0': { account: 'Hugo' }, '1': { account: 'Noah' } } },
  },
};

describe('useSponsored with the first answers', () => {
  const fetchMock = vi.fn((url: string) => {
    void url;
    const body = JSON.stringify({ cams: { '0': { account: 'Lena' } } });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
  });
  beforeAll(() => {
    writeFirstAnswers(FIRST);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterAll(() => {
    removeFirstAnswers();
    vi.unstubAllGlobals();
  });

  it('shows the webcams of the page at once for the same filters, and asks for other filters', async () => {
    const { result, rerender } = renderHook(
      ({ gender }: { gender: 'male' | 'female' }) =>
        useSponsored({ gender, min_age: 25, max_age: null }),
      { initialProps: { gender: 'male' } },
    );
    expect(result.current.cams.map((c) => c.account)).toEqual(['Hugo', 'Noah']);
    rerender({ gender: 'female' });
    await waitFor(() => expect(result.current.cams.map((c) => c.account)).toEqual(['Lena']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/xcams/search.php?gender=female&min_age=25');
  });

  it('leaves them out for a member who pays since', () => {
    session.user = { ...session.user, paid_user: true };
    const { result } = renderHook(() =>
      useSponsored({ gender: 'male', min_age: 25, max_age: null }),
    );
    expect(result.current.cams).toEqual([]);
  });
});
