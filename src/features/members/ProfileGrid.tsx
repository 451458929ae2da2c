import type { ReactNode } from 'react';

/** The responsive card grid: two columns on phones, up to four on wide screens. */
export const GRID_CLASS =
  'profile-grid row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-sm-3 list-unstyled';

/** Cards on screen before any scrolling; the server asks for their photos with the shell too. */
export { FIRST_SCREEN_CARDS } from '../../shared/first-answers';

/**
 * A list of cards; each item renders its own card so screens decide the card's options. The
 * index lets a screen load the first cards' photos eagerly (FIRST_SCREEN_CARDS).
 */
export function ProfileGrid<T>({
  items,
  keyOf,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => number | string;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <ul className={GRID_CLASS}>
      {items.map((item, index) => (
        <li className="col" key={keyOf(item)}>
          {children(item, index)}
        </li>
      ))}
    </ul>
  );
}
