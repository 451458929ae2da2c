import { LineIcon } from '../../app/icons/LineIcon';

/** The console's own line icons; the rest (clock, refresh, offline) are the moderation console's. */
const PATHS = {
  chart: 'M4 20V4m0 16h16M8 16v-4m4 4V8m4 8v-6',
  download: 'M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14',
} as const;

/** A decorative icon; the text or the control around it carries the meaning. */
export function StatsIcon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return <LineIcon path={PATHS[name]} size={size} className="stats-icon" />;
}
