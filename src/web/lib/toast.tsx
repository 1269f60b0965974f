import { cssTransition, toast, ToastContainer, type ToastContainerProps } from 'react-toastify';
import { errorMessage } from './api-client';

/** react-toastify's bounce, with the collapse after exit fixed at 300 ms. */
const bounce = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapse: true,
  collapseDuration: 300,
});

/** The toast defaults every screen shares (position, duration, transition). */
const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  hideProgressBar: false,
  newestOnTop: false,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
  draggablePercent: 80,
  theme: 'light',
  transition: bounce,
} as const satisfies ToastContainerProps;

export function AppToastContainer() {
  return <ToastContainer {...TOAST_DEFAULTS} />;
}

export interface ToastPromiseTexts<T> {
  pending: string;
  success: string | ((data: T) => string);
  /** Defaults to the server's message (or "Lỗi không xác định" when there was no response). */
  error?: string | ((error: unknown) => string);
}

/**
 * A loading toast that turns into a success or an error toast when the promise settles. Resolves and rejects
 * like the promise itself, so callers still handle the outcome.
 */
export function toastPromise<T>(promise: Promise<T>, texts: ToastPromiseTexts<T>): Promise<T> {
  const { pending, success, error } = texts;
  return toast.promise<T, unknown>(promise, {
    pending,
    success: { render: ({ data }) => (typeof success === 'function' ? success(data as T) : success) },
    error: {
      render: ({ data }) =>
        typeof error === 'function' ? error(data) : (error ?? errorMessage(data)),
    },
  });
}

export { toast };
