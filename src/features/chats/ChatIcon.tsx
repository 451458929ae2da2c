import { LineIcon } from '../../app/icons/LineIcon';

/** Line icons of the chat screens, inline so they cost no requests and follow currentColor. */
const PATHS = {
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2',
  check: 'M5 12.5 9.5 17 19 7',
  checks: 'M2.5 12.5 7 17l9.5-10M11 16l1 1 9.5-10',
  alert: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13.5V13m0 3.2v.3',
  send: 'M4 12 20 4l-5 16-3.5-6.5L4 12Zm7.5 1.5L20 4',
  dots: 'M12 5.5v.01M12 12v.01M12 18.5v.01',
  trash: 'M4.5 7h15M10 7V4.5h4V7m-8 0 1 12.5h10L18 7m-7.5 3.5v6m3-6v6',
  back: 'M15 5 8 12l7 7',
  down: 'M6 9l6 6 6-6',
} as const;

/** Name of one icon. */
export type ChatIconName = keyof typeof PATHS;

/** A decorative icon; the control around it (or visually-hidden text) carries the meaning. */
export function ChatIcon({ name, size = 20 }: { name: ChatIconName; size?: number }) {
  return (
    <LineIcon
      path={PATHS[name]}
      size={size}
      className={`chat-icon chat-icon-${name}`}
      strokeWidth={name === 'dots' ? 3 : 1.8}
    />
  );
}
