import type { ReactNode } from 'react';

/** The responsive card grid: two columns on phones, up to four on wide screens. */
export const GRID_CLASS =
  'profile-grid row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-sm-3 list-unstyled';

/** A list of cards; each item renders its own card so screens decide the card's options. */
export function ProfileGrid<T>({
  items,
  keyOf,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => number | string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={GRID_CLASS}>
      {items.map((item) => (
        <li className="col" key={keyOf(item)}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
