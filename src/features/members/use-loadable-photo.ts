import { useState } from 'react';

/**
 * The photo address to draw, or null once it failed to load (offline, and not among the photos the
 * service worker kept): the caller draws its placeholder instead of the browser's broken-image
 * box. A new address is tried again.
 */
export function useLoadablePhoto(src: string | null): { src: string | null; onError: () => void } {
  const [failed, setFailed] = useState<string | null>(null);
  return { src: src !== null && failed !== src ? src : null, onError: () => setFailed(src) };
}
