import { LineIcon } from '../../app/icons/LineIcon';

/** Line icons of the premium page, inline (no requests) and coloured by currentColor. */
const PATHS = {
  /** A crossed-out screen: no adverts. */
  noAds: 'M4 6h16v11H4Z M9 21h6 M12 17v4 M3 3l18 18',
  /** A crown: the premium badge. */
  crown: 'M4 18h16 M4 18 3 7l5 4 4-6 4 6 5-4-1 11',
  /** Two hearts: everyone who liked you. */
  hearts:
    'M9 19s-6-3.8-6-8.3A3.3 3.3 0 0 1 9 8.8a3.3 3.3 0 0 1 6 1.9 M14.5 20s-4.5-2.8-4.5-6.2a2.5 2.5 0 0 1 4.5-1.4 2.5 2.5 0 0 1 4.5 1.4c0 3.4-4.5 6.2-4.5 6.2Z',
  /** A stack of coins: monthly credits. */
  coins:
    'M12 9c4 0 7-1.3 7-3s-3-3-7-3-7 1.3-7 3 3 3 7 3Z M5 6v4c0 1.7 3 3 7 3s7-1.3 7-3V6 M5 10v4c0 1.7 3 3 7 3s7-1.3 7-3v-4 M5 14v4c0 1.7 3 3 7 3s7-1.3 7-3v-4',
  check: 'M5 12.5 10 17.5 19 7',
} as const;

export type PremiumIconName = keyof typeof PATHS;

/** Decorative: the text beside it says what it means. */
export function PremiumIcon({ name, size = 24 }: { name: PremiumIconName; size?: number }) {
  return <LineIcon path={PATHS[name]} size={size} strokeWidth={1.8} />;
}
