/** A live countdown to an ISO date-time, ticking once a second until it is over. */
import { useEffect, useState } from 'react';

/** Days, hours, minutes and seconds left; all 0 once over. */
export interface TimeLeft {
  over: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits the time from `now` to `endsAt` into its parts. */
export function timeLeft(endsAt: string, now: number): TimeLeft {
  const ms = Math.max(0, Date.parse(endsAt) - now);
  const total = Math.floor(ms / 1000);
  return {
    over: ms <= 0 || Number.isNaN(ms),
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

/** "1:04:09" style clock part of a countdown (days are said in words by the caller). */
export function clockOf({ hours, minutes, seconds }: TimeLeft): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${hours}:${pad(minutes)}:${pad(seconds)}`;
}

/** The time left to `endsAt`, re-rendering every second while it runs (null: no deadline). */
export function useCountdown(endsAt: string | null): TimeLeft | null {
  const [now, setNow] = useState(() => Date.now());
  const left = endsAt ? timeLeft(endsAt, now) : null;
  const running = left !== null && !left.over;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
