import { checkLoginForm, loadCatalogue, type FormCheck } from '@puja/domain';
import { localeStore } from '@puja/api-client';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';
import { useToastStore } from './toast-store';
import { useFormErrors } from './use-form-errors';

const failedLogin = (): FormCheck<unknown> => checkLoginForm({ email: '', password: '' });

describe('useFormErrors', () => {
  it('shows every problem of a checked form, in the summary and beside each field', () => {
    const { result } = renderHook(() => useFormErrors('login'));
    let fine = true;
    act(() => {
      fine = result.current.check(failedLogin());
    });
    expect(fine).toBe(false);
    expect(result.current.hasErrors).toBe(true);
    expect(result.current.summary).toEqual({
      id: 'login-summary',
      title: 'There is a problem',
      entries: [
        { text: 'Email is required.', fieldId: 'login-email' },
        { text: 'Password is required.', fieldId: 'login-password' },
      ],
      focusKey: 1,
    });
    expect(result.current.field('password')).toEqual({
      id: 'login-password',
      error: 'Password is required.',
    });
    expect(result.current.controlProps('email', 'login-email-hint')).toEqual({
      id: 'login-email',
      'aria-invalid': true,
      'aria-describedby': 'login-email-hint login-email-error',
    });
  });

  it('a field fixed loses its message at once; nothing new is shown while typing', () => {
    const { result } = renderHook(() => useFormErrors('login'));
    act(() => void result.current.check(failedLogin()));
    act(() => result.current.recheck(checkLoginForm({ email: 'a@b.in', password: '' })));
    expect(result.current.errorFor('email')).toBeNull();
    expect(result.current.summary.entries).toEqual([
      { text: 'Password is required.', fieldId: 'login-password' },
    ]);
    // The summary keeps its place without taking the focus again.
    expect(result.current.summary.focusKey).toBe(1);
    act(() => result.current.recheck(checkLoginForm({ email: 'a@b.in', password: 'x' })));
    expect(result.current.hasErrors).toBe(false);
  });

  it('a good submit clears every problem and closes the form’s error toast', () => {
    notify.error('Invalid email or password.', { form: 'login' });
    const { result } = renderHook(() => useFormErrors('login'));
    act(() => void result.current.check(failedLogin()));
    let fine = false;
    act(() => {
      fine = result.current.check(checkLoginForm({ email: 'a@b.in', password: 'x' }));
    });
    expect(fine).toBe(true);
    expect(result.current.summary.entries).toEqual([]);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a server’s answer is a problem of the whole form; each failed submit moves the focus again', () => {
    const { result } = renderHook(() => useFormErrors('login'));
    act(() => result.current.failed('Invalid email or password.'));
    act(() => result.current.failed('Invalid email or password.'));
    expect(result.current.summary.entries).toEqual([{ text: 'Invalid email or password.' }]);
    expect(result.current.summary.focusKey).toBe(2);
  });

  it('a one-field form shows its message without a title', () => {
    const { result } = renderHook(() => useFormErrors('verify', { untitled: true }));
    act(() => void result.current.check(failedLogin()));
    expect(result.current.summary.title).toBe('');
  });

  it('reads its texts in the chosen language at render', async () => {
    await loadCatalogue('bn');
    const { result, rerender } = renderHook(() => useFormErrors('login'));
    act(() => void result.current.check(failedLogin()));
    const english = result.current.summary.title;
    act(() => localeStore.setState({ locale: 'bn' }));
    rerender();
    expect(result.current.summary.title).not.toBe(english);
    expect(result.current.summary.title).not.toBe('');
  });
});
