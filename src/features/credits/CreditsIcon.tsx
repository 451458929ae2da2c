import { LineIcon } from '../../app/icons/LineIcon';

/** Line icons of the credits and receipt pages, inline so they cost no requests. */
const PATHS = {
  coin: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13.5v9M9.5 9.5c0-1 1.1-1.75 2.5-1.75s2.5.75 2.5 1.75-1.1 1.5-2.5 1.75-2.5.75-2.5 1.75 1.1 1.75 2.5 1.75 2.5-.75 2.5-1.75',
  card: 'M3.5 6.5h17v11h-17zM3.5 10h17M7 14.5h3',
  bank: 'M3.5 9.5 12 4.5l8.5 5M5.5 10v7m4.5-7v7m4-7v7m4.5-7v7M3.5 19.5h17',
  gift: 'M4 11h16v9H4zM3 7.5h18V11H3zM12 7.5V20M12 7.5S10.5 3.5 8 4.5s.5 3 4 3Zm0 0s1.5-4 4-3-.5 3-4 3Z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2',
  check: 'M5 12.5 9.5 17 19 7',
  cross: 'M6.5 6.5l11 11m0-11-11 11',
  alert: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13.5V13m0 3.2v.3',
  back: 'M15 5 8 12l7 7',
  lock: 'M6 10.5h12v9H6zM8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5',
} as const;

/** Name of one icon. */
export type CreditsIconName = keyof typeof PATHS;

/** A decorative icon; the text beside it carries the meaning. */
export function CreditsIcon({ name, size = 20 }: { name: CreditsIconName; size?: number }) {
  return (
    <LineIcon path={PATHS[name]} size={size} className={`credits-icon credits-icon-${name}`} />
  );
}
