/** Chat times in the interface language: short in the list, a clock time on bubbles, day labels. */
import { dateTimeFormat, relativeTimeFormat } from '../../shared/dates';

const DAY_MS = 86_400_000;

/**
 * The server draws a member's first screen (src/prerender/member-screen.tsx) without knowing the
 * member's time zone: it leaves clock times, list times and day labels blank (a no-break space,
 * so their lines keep their height), and the app writes them in the member's own zone when it
 * takes the page over a moment later.
 */
const zoneUnknown = () => typeof window === 'undefined';
const BLANK = '\u00a0';

/** Local calendar day of a timestamp as YYYY-MM-DD, the key of a day separator. */
export function dayKey(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whole local days from `value` to `now` (0 today, 1 yesterday), ignoring the clock time. */
export function daysAgo(value: string | Date, now: Date): number {
  const d = typeof value === 'string' ? new Date(value) : value;
  const start = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  return Math.round((start(now) - start(d)) / DAY_MS);
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** "today"/"yesterday" in the language, capitalised for a label. */
function relativeDay(days: 0 | 1, lng: string): string {
  return capitalise(relativeTimeFormat(lng, { numeric: 'auto' }).format(-days, 'day'));
}

/** Clock time of a message, e.g. "9:05 AM" / "09:05". */
export function formatClock(iso: string, lng: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (zoneUnknown()) return BLANK;
  return dateTimeFormat(lng, { timeStyle: 'short' }).format(d);
}

/**
 * The chat list's time: the clock time today, "Yesterday", the weekday within a week, else the
 * date (with the year only when it is not this year).
 */
export function formatListTime(iso: string, lng: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (zoneUnknown()) return BLANK;
  const days = daysAgo(d, now);
  if (days <= 0) return formatClock(iso, lng);
  if (days === 1) return relativeDay(1, lng);
  if (days < 7) return dateTimeFormat(lng, { weekday: 'short' }).format(d);
  const sameYear = d.getFullYear() === now.getFullYear();
  return dateTimeFormat(lng, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(d);
}

/** A day separator: "Today", "Yesterday", else the weekday and date. */
export function formatDayLabel(key: string, lng: string, now: Date = new Date()): string {
  if (zoneUnknown()) return BLANK;
  const [y, m, d] = key.split('-').map(Number);
  const date = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  const days = daysAgo(date, now);
  if (days === 0 || days === 1) return relativeDay(days, lng);
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(lng, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}
