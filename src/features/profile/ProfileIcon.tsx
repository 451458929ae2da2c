/** Line icons of the profile page, inline and coloured by currentColor. */
const PATHS = {
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z',
  trash: 'M4.5 7h15M10 4h4M6.5 7l1 13h9l1-13M10 11v5M14 11v5',
  plus: 'M12 5v14M5 12h14',
  camera: 'M4 8h3.5L9 5.5h6L16.5 8H20v11H4Z M12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z',
  pin: 'M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11Z M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  person: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c0-4.4 3.6-7 8-7s8 2.6 8 7',
} as const;

export type ProfileIconName = keyof typeof PATHS;

/** Decorative: the control around it carries the accessible name. */
export function ProfileIcon({
  name,
  size = 20,
  filled = false,
}: {
  name: ProfileIconName;
  size?: number;
  filled?: boolean;
}) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
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
