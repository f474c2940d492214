import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

import './toast.css';

export type ToastVariant = 'success' | 'error' | 'info';

export type ToastInput = {
  message: string;
  /** A short bold line above the message, e.g. 'Agreement Required'. */
  title?: string;
  variant?: ToastVariant;
  /** How long the toast stays; 0 keeps it until dismissed. */
  durationMs?: number;
};

type ToastOptions = Omit<ToastInput, 'message' | 'variant'>;

type Toast = Required<Pick<ToastInput, 'message' | 'variant' | 'durationMs'>> & {
  id: string;
  title?: string;
};

export type ToastApi = {
  /** Shows a toast and returns its id. */
  show: (input: ToastInput | string) => string;
  success: (message: string, options?: ToastOptions) => string;
  error: (message: string, options?: ToastOptions) => string;
  info: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
};

const DEFAULT_DURATION_MS: Record<ToastVariant, number> = {
  success: 4000,
  info: 4000,
  error: 6000,
};
const MAX_VISIBLE = 4;

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((input: ToastInput | string) => {
    const {
      message,
      title,
      variant = 'info',
      durationMs,
    } = typeof input === 'string' ? { message: input } : input;
    nextId.current += 1;
    const id = `toast-${nextId.current}`;
    const toast: Toast = {
      id,
      message,
      title,
      variant,
      durationMs: durationMs ?? DEFAULT_DURATION_MS[variant],
    };
    setToasts((current) => [...current, toast].slice(-MAX_VISIBLE));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show({ ...options, message, variant: 'success' }),
      error: (message, options) => show({ ...options, message, variant: 'error' }),
      info: (message, options) => show({ ...options, message, variant: 'info' }),
    }),
    [show, dismiss],
  );

  // Two live regions that exist before any toast does, so screen readers announce additions:
  // errors interrupt (assertive), everything else waits its turn (polite).
  const errors = toasts.filter((toast) => toast.variant === 'error');
  const others = toasts.filter((toast) => toast.variant !== 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toaster" aria-label="Notifications">
        <div className="toaster__stack" role="alert" aria-live="assertive" aria-atomic="false">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div className="toaster__stack" role="status" aria-live="polite" aria-atomic="false">
          {others.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const { id, durationMs } = toast;

  // Hovering or focusing a toast holds it, so nobody has to race the timer to read it.
  useEffect(() => {
    if (paused || durationMs <= 0) return;
    const timer = window.setTimeout(() => onDismiss(id), durationMs);
    return () => window.clearTimeout(timer);
  }, [paused, durationMs, id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.variant}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.variant === 'success' ? '✓' : toast.variant === 'error' ? '!' : 'i'}
      </span>
      <div className="toast__body">
        {toast.title ? <p className="toast__title">{toast.title}</p> : null}
        <p className="toast__message">{toast.message}</p>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
