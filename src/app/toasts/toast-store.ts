/**
 * The toast API: any module may call `toast.show(...)`; the shell renders the list top-end.
 * Kept outside React so non-component code (error handlers, bridges) can raise toasts too.
 */

/** Auto-hide delay of SPEC §9. */
export const TOAST_DELAY_MS = 5000;

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface ToastInput {
  body: string;
  title?: string;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself; 0 keeps it until closed. */
  delay?: number;
}

export interface Toast {
  id: number;
  body: string;
  title: string | null;
  variant: ToastVariant;
  delay: number;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((fn) => fn());

/** Shows a toast and returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++;
  toasts = [
    ...toasts,
    {
      id,
      body: input.body,
      title: input.title ?? null,
      variant: input.variant ?? 'info',
      delay: input.delay ?? TOAST_DELAY_MS,
    },
  ];
  emit();
  return id;
}

/** Removes a toast; unknown ids are ignored (it may have hidden itself already). */
export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/** Snapshot for useSyncExternalStore: the same array until something changes. */
export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Calls `listener` after every change of the list. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shorthands: `toast.error('Cannot start chat', 'Error')`. */
export const toast = {
  show: showToast,
  dismiss: dismissToast,
  success: (body: string, title?: string) => showToast({ body, title, variant: 'success' }),
  error: (body: string, title?: string) => showToast({ body, title, variant: 'danger' }),
  info: (body: string, title?: string) => showToast({ body, title, variant: 'info' }),
  warning: (body: string, title?: string) => showToast({ body, title, variant: 'warning' }),
};
