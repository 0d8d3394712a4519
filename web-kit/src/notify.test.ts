import { ApiError, localeStore } from '@puja/api-client';
import { loadCatalogue } from '@puja/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureToasts, DEFAULT_TOAST_TIMES, listOrNone, notify, withToast } from './notify';
import { said } from './said';
import { useToastStore } from './toast-store';

const shown = () =>
  useToastStore.getState().toasts.map(({ kind, text }) => `${kind}: ${said(text)}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  configureToasts(DEFAULT_TOAST_TIMES);
});

describe('notify', () => {
  it('closes a success and an info by themselves; an error stays', () => {
    notify.success('Saved');
    notify.info('Note');
    notify.error('Refused');
    vi.advanceTimersByTime(DEFAULT_TOAST_TIMES.success!);
    expect(shown()).toEqual(['error: Refused']);
    vi.advanceTimersByTime(10 * 60_000);
    expect(shown()).toEqual(['error: Refused']);
  });

  it('an app may close errors by themselves', () => {
    configureToasts({ error: 6000 });
    notify.error('Refused');
    vi.advanceTimersByTime(6000);
    expect(shown()).toEqual([]);
  });

  it('keeps an error until it is closed', () => {
    const id = notify.error('Refused');
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['error: Refused']);
    notify.dismiss(id);
    expect(shown()).toEqual([]);
  });

  it('the next action on a form closes its error', () => {
    notify.error('Invalid email or password.', { form: 'login' });
    notify.error('Could not fetch clubs.');
    notify.dismissForm('login');
    expect(shown()).toEqual(['error: Could not fetch clubs.']);
  });

  it('gives each form one toast: the next action replaces its error, a success replaces it too', () => {
    notify.error('Invalid email or password.', { form: 'login' });
    notify.error('Could not fetch clubs.');
    notify.loading('Logging in...', { form: 'login' });
    expect(shown()).toEqual(['error: Could not fetch clubs.', 'loading: Logging in...']);
    notify.success('Login successful!', { form: 'login' });
    expect(shown()).toEqual(['error: Could not fetch clubs.', 'success: Login successful!']);
  });

  it('a result in the place of its loading toast keeps its own time', () => {
    const id = notify.loading('Logging in...');
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['loading: Logging in...']);
    notify.success('Login successful!', { id });
    expect(shown()).toEqual(['success: Login successful!']);
    vi.advanceTimersByTime(DEFAULT_TOAST_TIMES.success!);
    expect(shown()).toEqual([]);
  });

  it('shows at most three toasts, dropping the oldest', () => {
    ['a', 'b', 'c', 'd'].forEach((text) => notify.info(text));
    expect(shown()).toEqual(['info: b', 'info: c', 'info: d']);
  });
});

describe('withToast', () => {
  const steps = {
    loading: 'login.loading',
    success: 'login.success',
    failure: 'login.failed',
  } as const;

  it('turns the loading toast into the success and resolves to the value', async () => {
    const result = await withToast(steps, async () => 42);
    expect(result).toEqual({ ok: true, value: 42 });
    expect(shown()).toEqual(['success: Login successful!']);
  });

  it('takes the success text from the answer when given a function', async () => {
    await withToast({ ...steps, success: (n: number) => `Saved ${n}` }, async () => 7);
    expect(shown()).toEqual(['success: Saved 7']);
  });

  it('turns the loading toast into the failure and resolves to its text', async () => {
    const refused = new ApiError('refused', 'Invalid email or password.');
    const result = await withToast(steps, () => Promise.reject(refused));
    expect(result.ok).toBe(false);
    expect(!result.ok && said(result.text)).toBe('Invalid email or password.');
    expect(shown()).toEqual(['error: Invalid email or password.']);
  });

  it('a failure the form shows in its summary closes the loading toast and leaves none', async () => {
    const refused = new ApiError('refused', 'Invalid email or password.');
    const result = await withToast(steps, () => Promise.reject(refused), {
      form: 'login',
      failureInForm: true,
    });
    expect(!result.ok && said(result.text)).toBe('Invalid email or password.');
    expect(shown()).toEqual([]);
  });

  it("replaces the same form's earlier error on the next attempt", async () => {
    await withToast(steps, () => Promise.reject(new Error('offline')), { form: 'login' });
    expect(shown()).toEqual(['error: Login failed.']);
    await withToast(steps, async () => 1, { form: 'login' });
    expect(shown()).toEqual(['success: Login successful!']);
  });
});

describe('words that follow a switch of language', () => {
  it("a toast and a form's failure read in বাংলা once it is chosen, the server's key too", async () => {
    await loadCatalogue('bn');
    const refused = new ApiError('refused', 'Login failed.', { messageKey: 'login.failed' });
    const result = await withToast(steps(), () => Promise.reject(refused));
    notify.error(() => 'Our own words, untranslated');
    expect(shown()).toEqual(['error: Login failed.', 'error: Our own words, untranslated']);
    localeStore.setState({ locale: 'bn' });
    try {
      const bengali = shown();
      expect(bengali[0]).not.toContain('Login failed.');
      expect(bengali[0]).toMatch(/[\u0980-\u09FF]/);
      expect(!result.ok && said(result.text)).toBe(bengali[0]?.slice('error: '.length));
      expect(bengali[1]).toBe('error: Our own words, untranslated');
    } finally {
      localeStore.setState({ locale: 'en' });
    }
  });
});

function steps() {
  return { loading: 'login.loading', success: 'login.success', failure: 'login.failed' } as const;
}

describe('listOrNone', () => {
  it('passes a fetched list through and says nothing', async () => {
    expect(await listOrNone(Promise.resolve([1, 2]), 'clubs.fetchFailed')).toEqual([1, 2]);
    expect(shown()).toEqual([]);
  });

  it('a failed list is empty and its failure is told, in the server words when it has some', async () => {
    const refused = new ApiError('refused', 'Not allowed.');
    expect(await listOrNone(Promise.reject(refused), 'clubs.fetchFailed')).toEqual([]);
    expect(await listOrNone(Promise.reject(new Error('offline')), 'clubs.fetchFailed')).toEqual([]);
    expect(shown()).toEqual(['error: Not allowed.', 'error: Could not fetch clubs.']);
  });
});
