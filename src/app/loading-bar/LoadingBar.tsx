import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router-dom';
import { LOADING_BAR, loadingBar } from './loading-bar';

/** Runs the loading bar while the router loads a screen or its data (SPEC §2.8). */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const state = useSyncExternalStore(
    loadingBar.subscribe,
    loadingBar.getState,
    loadingBar.getState,
  );

  useEffect(() => {
    if (!busy) return;
    loadingBar.start();
    return () => loadingBar.finish();
  }, [busy]);

  return (
    <div
      className={`loading-bar${state.error ? ' is-error' : ''}`}
      aria-hidden="true"
      style={{
        height: LOADING_BAR.height,
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.progress / 100})`,
      }}
    />
  );
}
