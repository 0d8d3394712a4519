import type { MessageKey } from '@puja/domain';
import { errorText } from './error-text';
import { type Said } from './said';
import { t } from './t';
import { useToastStore, type ToastKind } from './toast-store';

/** How long each kind stays on screen in ms; null: until it is closed or replaced. */
export type ToastTimes = Record<ToastKind, number | null>;

/**
 * SPEC §8 and decision 0032: a loading toast stays until its result replaces it; a success or an
 * info closes by itself; an error stays until it is closed or the next action on its form
 * replaces it (a later success of the same form included).
 */
export const DEFAULT_TOAST_TIMES: Readonly<ToastTimes> = {
  loading: null,
  success: 4000,
  info: 4000,
  error: null,
};

let times: ToastTimes = { ...DEFAULT_TOAST_TIMES };
let nextId = 1;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Sets how long toasts stay, once at start (an app whose errors stay until closed passes
 * `{ error: null }`).
 * @example configureToasts({ success: 3000, error: 5000 })
 */
export function configureToasts(changes: Partial<ToastTimes>): void {
  times = { ...times, ...changes };
}

/** Where a toast goes: its own new place, the place of an earlier toast, or its form's one. */
export interface ToastOptions {
  /** Replaces the toast with this id (a loading toast turning into its result). */
  id?: string | undefined;
  /**
   * The form the toast is about: each form has one toast at a time, so the next action on the
   * form replaces its earlier error, and a later success replaces it too.
   */
  form?: string | undefined;
}

/**
 * The one toast place of a form: its loading, result and error replace one another there.
 * @example formToastId('login') // 'form:login'
 */
export function formToastId(form: string): string {
  return `form:${form}`;
}

function show(kind: ToastKind, text: Said, options: ToastOptions = {}): string {
  const id = options.id ?? (options.form ? formToastId(options.form) : `toast-${nextId++}`);
  clearTimeout(timers.get(id));
  timers.delete(id);
  useToastStore.getState().show({ id, kind, text });
  const visible = times[kind];
  if (visible !== null)
    timers.set(
      id,
      setTimeout(() => dismiss(id), visible),
    );
  return id;
}

function dismiss(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  useToastStore.getState().dismiss(id);
}

/**
 * The one way an app tells the user how an action went (SPEC §8). Each returns the toast's id.
 * Words given as `() => t(key)` follow a later switch of language (see `said`).
 * @example const id = notify.loading(() => t('login.loading')); notify.success(() => t('login.success'), { id })
 */
export const notify = {
  loading: (text: Said, options?: ToastOptions): string => show('loading', text, options),
  success: (text: Said, options?: ToastOptions): string => show('success', text, options),
  info: (text: Said, options?: ToastOptions): string => show('info', text, options),
  error: (text: Said, options?: ToastOptions): string => show('error', text, options),
  dismiss,
  /** Closes a form's toast: the next action on the form (a new submit) ends its error. */
  dismissForm: (form: string): void => dismiss(formToastId(form)),
};

/**
 * A list fetched for a screen that shows none when it fails (SPEC §7): the failure is told in a
 * toast (the server's words, else `failure`) and the list is empty.
 * @example queryFn: () => listOrNone(listUsers(), 'users.fetchFailed')
 */
export async function listOrNone<T>(list: Promise<T[]>, failure: MessageKey): Promise<T[]> {
  try {
    return await list;
  } catch (error) {
    notify.error(() => errorText(error, failure));
    return [];
  }
}

/**
 * A call's result as a form sees it: the value, or the failure's words to show beside it (read
 * with `said` at render, so they follow a switch of language).
 */
export type Tracked<T> = { ok: true; value: T } | { ok: false; text: Said };

/** The three texts of one call's toasts. */
export interface ToastSteps<T> {
  loading: MessageKey;
  /** A catalogue key, or the text of the answer (outcomeText for a call's Outcome). */
  success: MessageKey | ((value: T) => string);
  /** The text when the failure brings none of ours (errorText's fallback). */
  failure: MessageKey;
}

/**
 * Runs one server call with its toasts (SPEC §8): the loading text, then the success text or the
 * failure's in its place; resolves to the result, or to the failure's text for the form to show.
 * @example await withToast({ loading: 'login.loading', success: 'login.success', failure: 'login.failed' }, () => loginClub(c))
 */
export async function withToast<T>(
  steps: ToastSteps<T>,
  call: () => Promise<T>,
  options: Pick<ToastOptions, 'form'> & {
    /**
     * The form shows the failure in its error summary: the loading toast just closes, so the
     * failure is said once (issue 27: a login error in the summary and in a toast that stayed).
     */
    failureInForm?: boolean;
  } = {},
): Promise<Tracked<T>> {
  const id = notify.loading(() => t(steps.loading), { form: options.form });
  try {
    const value = await call();
    const { success } = steps;
    notify.success(typeof success === 'function' ? () => success(value) : () => t(success), {
      id,
    });
    return { ok: true, value };
  } catch (error) {
    const text = () => errorText(error, steps.failure);
    if (options.failureInForm) dismiss(id);
    else notify.error(text, { id });
    return { ok: false, text };
  }
}
