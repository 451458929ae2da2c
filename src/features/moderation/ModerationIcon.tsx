import { LineIcon } from '../../app/icons/LineIcon';

/** Line icons of the moderation console, inline so they cost no requests. */
const PATHS = {
  shield: 'M12 3.5 5 6v5.5c0 4.2 3 7.7 7 9 4-1.3 7-4.8 7-9V6Zm-3 8.5 2.2 2.2L15.5 10',
  flag: 'M5.5 20.5v-16m0 1h10l-2 3.5 2 3.5h-10',
  mail: 'M3.5 6.5h17v11h-17zm0 .5 8.5 6 8.5-6',
  photo: 'M4 5.5h16v13H4zm0 10 4.5-4.5 3.5 3.5 2.5-2.5 5.5 5.5M15.5 9.5h.01',
  chat: 'M4.5 5.5h15v10h-8l-4.5 3.5v-3.5h-2.5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2',
  check: 'M5 12.5 9.5 17 19 7',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff:
    'M4 4l16 16M10.6 6c.5-.1.9-.1 1.4-.1 6 0 9.5 6.1 9.5 6.1s-.9 1.6-2.6 3.2M6.6 7.2C4 9 2.5 12 2.5 12s3.5 6.5 9.5 6.5c1.6 0 3-.4 4.2-1.1M9.9 10a3 3 0 0 0 4.1 4.1',
  ban: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM5.6 5.6l12.8 12.8',
  undo: 'M8.5 8.5h7a4.5 4.5 0 0 1 0 9H9M8.5 8.5 12 5M8.5 8.5 12 12',
  warn: 'M12 4 2.5 20h19Zm0 6v4.5m0 2.7v.3',
  refresh: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4',
  back: 'M15 5 8 12l7 7',
  offline:
    'M4 4l16 16M8.5 16a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 3.7-2.3M19 12.5a10 10 0 0 0-4.1-2.4M2 9a14 14 0 0 1 4-2.5M22 9a14 14 0 0 0-10.4-3.5M12 19.5h.01',
  person: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c0-4.4 3.6-7 8-7s8 2.6 8 7',
} as const;

/** Name of one console icon. */
export type ModerationIconName = keyof typeof PATHS;

/** A decorative icon; the text or the control around it carries the meaning. */
export function ModerationIcon({ name, size = 18 }: { name: ModerationIconName; size?: number }) {
  return <LineIcon path={PATHS[name]} size={size} className="moderation-icon" />;
}
