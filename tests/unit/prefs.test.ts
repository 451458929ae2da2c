import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializeCookie } from '../../src/lib/cookies';
import {
  PREF_COOKIE_MAX_AGE_S,
  readPref,
  removePref,
  seedPref,
  subscribePrefs,
  writePref,
} from '../../src/lib/prefs';

const KEY = 'amora.test-pref';

function cookieValue(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

afterEach(() => {
  localStorage.clear();
  document.cookie = `${KEY}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  vi.restoreAllMocks();
});

describe('stored preferences', () => {
  it('writes JSON to localStorage and to the cookie', () => {
    writePref(KEY, { design: 'nightfall', n: 2 });
    expect(localStorage.getItem(KEY)).toBe('{"design":"nightfall","n":2}');
    expect(cookieValue(KEY)).toBe('{"design":"nightfall","n":2}');
  });

  it('sets the cookie for 30 days, SameSite=Lax, on the whole site', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writePref(KEY, true);
    expect(PREF_COOKIE_MAX_AGE_S).toBe(2592000);
    expect(set).toHaveBeenCalledWith(
      `${encodeURIComponent(KEY)}=true; path=/; max-age=2592000; SameSite=Lax`,
    );
  });

  it('reads localStorage before the cookie', () => {
    localStorage.setItem(KEY, '"from-local"');
    document.cookie = `${KEY}=${encodeURIComponent('"from-cookie"')}; path=/`;
    expect(readPref(KEY)).toBe('from-local');
  });

  it('falls back to the cookie when localStorage has nothing or unreadable JSON', () => {
    document.cookie = `${KEY}=${encodeURIComponent('"from-cookie"')}; path=/`;
    expect(readPref(KEY)).toBe('from-cookie');
    localStorage.setItem(KEY, '{not json');
    expect(readPref(KEY)).toBe('from-cookie');
  });

  it('returns the fallback when neither store has the key', () => {
    expect(readPref(KEY)).toBeUndefined();
    expect(readPref(KEY, 'default')).toBe('default');
  });

  it('seeds a default only when nothing is stored', () => {
    expect(seedPref(KEY, 'seeded')).toBe('seeded');
    expect(readPref(KEY)).toBe('seeded');
    expect(seedPref(KEY, 'other')).toBe('seeded');
    expect(readPref(KEY)).toBe('seeded');
  });

  it('removes the value from both stores and notifies subscribers', () => {
    const seen: string[] = [];
    const stop = subscribePrefs((key) => seen.push(key));
    writePref(KEY, 1);
    removePref(KEY);
    stop();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(cookieValue(KEY)).toBeNull();
    expect(readPref(KEY)).toBeUndefined();
    expect(seen).toEqual([KEY, KEY]);
  });

  it('adds Secure only on https pages', () => {
    expect(serializeCookie('a', 'b', { maxAge: 10 })).not.toContain('Secure');
  });
});
