/** Line icons for the wizard steps, inline so they cost no requests. */
const PATHS = {
  bell: 'M16 4a8 8 0 0 0-8 8v5l-3 5h22l-3-5v-5a8 8 0 0 0-8-8Z M13 26a3 3 0 0 0 6 0',
  camera: 'M4 10h5l2.5-4h9l2.5 4h5v16H4Z M16 23a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11Z',
  pin: 'M16 29s-9-8.6-9-15.5a9 9 0 0 1 18 0C25 20.4 16 29 16 29Z M16 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z',
  person: 'M16 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12Z M5 29v-2a9 9 0 0 1 9-9h4a9 9 0 0 1 9 9v2',
  pencil: 'M21 5l6 6L12 26H6v-6Z M18 8l6 6',
  mail: 'M4 7h24v18H4Z M4 8l12 9 12-9',
  check: 'M16 29a13 13 0 1 0 0-26 13 13 0 0 0 0 26Z M10 16.5l4 4 8-9',
  heart: 'M16 27S4 19.6 4 11.5A6.5 6.5 0 0 1 16 8a6.5 6.5 0 0 1 12 3.5C28 19.6 16 27 16 27Z',
  lock: 'M8 14h16v14H8Z M11 14V10a5 5 0 0 1 10 0v4',
} as const;

export type SignupIconName = keyof typeof PATHS;

export function SignupIcon({ name, size = 28 }: { name: SignupIconName; size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
