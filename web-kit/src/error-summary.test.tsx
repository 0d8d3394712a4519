import { localeStore } from '@puja/api-client';
import { checkRegistrationForm, formatMessage, loadCatalogue } from '@puja/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';
import { notify } from './notify';
import { said, type Said } from './said';
import { useToastStore } from './toast-store';
import { t, useLocale } from './t';
import { useFormErrors } from './use-form-errors';

/** A registration-like form with three of its fields, checked by domain as a whole. */
function Form({ serverAnswer }: { serverAnswer?: Said }) {
  useLocale();
  const form = useFormErrors('reg');
  const [values, setValues] = useState({ email: '', phone: '', ward_no: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (
      !form.check(
        checkRegistrationForm({ ...values, club_id: '1', address: 'x', password: 'long enough' }),
      )
    )
      return;
    if (serverAnswer) form.failed(serverAnswer);
  };
  const input = (field: keyof typeof values, label: string) => (
    <p>
      <label htmlFor={form.idFor(field)}>{label}</label>
      {form.errorFor(field) ? (
        <span id={form.errorIdFor(field)}>{form.errorFor(field)}</span>
      ) : null}
      <input
        {...form.controlProps(field)}
        value={values[field]}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
      />
    </p>
  );
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      {input('email', 'Email')}
      {input('phone', 'Phone')}
      {input('ward_no', 'Ward')}
      <button type="submit">Register Now</button>
    </form>
  );
}

const summary = () => screen.getByRole('alert');
const links = () =>
  within(summary())
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the error summary', () => {
  it('shows nothing before a submit', () => {
    render(<Form />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists every problem at once, focused, with the message beside each field', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(summary()).toHaveFocus();
    expect(within(summary()).getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    expect(links()).toEqual(['Email is required.', 'Phone is required.', 'Ward No. is required.']);
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Phone is required.');
  });

  it('each entry is a link that focuses its field', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    const link = within(summary()).getByRole('link', { name: 'Ward No. is required.' });
    expect(link).toHaveAttribute('href', '#reg-ward_no');
    await user.click(link);
    expect(screen.getByLabelText('Ward')).toHaveFocus();
  });

  it('a second submit lists only what is still wrong and takes focus again', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    await user.type(screen.getByLabelText('Email'), 'club@example.org');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(links()).toEqual(['Please enter a valid phone number.', 'Ward No. is required.']);
    expect(summary()).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('clears itself once the form is fine, and shows a server answer for the whole form', async () => {
    const user = userEvent.setup();
    render(<Form serverAnswer="This club is already registered." />);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    await user.type(screen.getByLabelText('Email'), 'club@example.org');
    await user.type(screen.getByLabelText('Phone'), '9830012345');
    await user.type(screen.getByLabelText('Ward'), '7');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(within(summary()).queryAllByRole('link')).toEqual([]);
    expect(summary()).toHaveTextContent('This club is already registered.');
  });

  it("a new submit closes the form's earlier error toast, not another form's", async () => {
    const user = userEvent.setup();
    render(<Form />);
    notify.error('Registration failed.', { form: 'reg' });
    notify.error('Could not fetch clubs.');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(useToastStore.getState().toasts.map((toast) => said(toast.text))).toEqual([
      'Could not fetch clubs.',
    ]);
  });

  it('reads its texts in the chosen language', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    await act(async () => {
      await loadCatalogue('bn');
      localeStore.setState({ locale: 'bn' });
    });
    expect(within(summary()).getByRole('heading')).toHaveTextContent('একটি সমস্যা আছে');
    expect(links()[0]).toBe('ইমেল দিতে হবে।');
  });

  it("reads the server's failure again after a switch of language", async () => {
    const user = userEvent.setup();
    render(<Form serverAnswer={() => t('login.failed')} />);
    await user.type(screen.getByLabelText('Email'), 'sree@example.org');
    await user.type(screen.getByLabelText('Phone'), '9830012345');
    await user.type(screen.getByLabelText('Ward'), '7');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(summary()).toHaveTextContent('Login failed.');
    await act(async () => {
      await loadCatalogue('bn');
      localeStore.setState({ locale: 'bn' });
    });
    expect(summary()).not.toHaveTextContent('Login failed.');
    expect(summary()).toHaveTextContent(formatMessage('login.failed', {}, 'bn'));
  });
});
