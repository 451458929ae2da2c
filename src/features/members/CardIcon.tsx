/** Line icons of the profile card, inline so they cost no requests and follow currentColor. */
const PATHS = {
  heart:
    'M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z',
  chat: 'M4 5.5h16v11H10l-4.5 3.5v-3.5H4Z M8 10h8M8 13h5',
  person: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c0-4.4 3.6-7 8-7s8 2.6 8 7',
} as const;

export type CardIconName = keyof typeof PATHS;

/** A decorative icon; the button or link around it carries the accessible name. */
export function CardIcon({
  name,
  filled = false,
  size = 20,
}: {
  name: CardIconName;
  filled?: boolean;
  size?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="card-icon"
    >
      <path
        d={PATHS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
