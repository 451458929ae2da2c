import { useEffect, useRef, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import { useTranslation } from 'react-i18next';
import { createCountdown, type Countdown } from './countdown';
import { dismissToast, type Toast as ToastData } from './toast-store';

/** One toast with a countdown bar; hover or focus pauses the clock and the bar together. */
export function ToastItem({ toast }: { toast: ToastData }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(true);
  const [paused, setPaused] = useState(false);
  const countdown = useRef<Countdown | null>(null);

  useEffect(() => {
    if (toast.delay <= 0) return;
    const c = createCountdown(toast.delay, () => setShow(false));
    countdown.current = c;
    return () => c.cancel();
  }, [toast.delay]);

  const pause = () => {
    countdown.current?.pause();
    setPaused(true);
  };
  const resume = () => {
    countdown.current?.resume();
    setPaused(false);
  };
  const urgent = toast.variant === 'danger' || toast.variant === 'warning';

  return (
    <Toast
      show={show}
      onClose={() => setShow(false)}
      onExited={() => dismissToast(toast.id)}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      className={`app-toast app-toast-${toast.variant}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
    >
      <Toast.Header closeLabel={t('toast.close')}>
        <span className={`app-toast-dot bg-${toast.variant}`} aria-hidden="true" />
        <strong className="me-auto">{toast.title ?? t(`toast.title_${toast.variant}`)}</strong>
      </Toast.Header>
      <Toast.Body>{toast.body}</Toast.Body>
      {toast.delay > 0 && (
        <div
          className="app-toast-countdown"
          aria-hidden="true"
          style={{
            animationDuration: `${toast.delay}ms`,
            animationPlayState: paused ? 'paused' : 'running',
          }}
        />
      )}
    </Toast>
  );
}
