import { lazy, Suspense } from 'react';
import { useToasts } from './use-toasts';

const ToastStack = lazy(() => import('./ToastStack'));

/** Keeps react-bootstrap's toast code out of the first chunk until a toast is raised. */
export function ToastHost() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
