import { useEffect } from 'react';
import { loadingBar } from './loading-bar';

/** Shown while the first screen's code loads; the first load is not a navigation, so it drives the bar itself. */
export function BootProgress() {
  useEffect(() => {
    loadingBar.start();
    return () => loadingBar.finish();
  }, []);
  return <div className="boot-placeholder" aria-busy="true" />;
}
