import {
  changeEmail,
  changePhone,
  confirmPhoneChange,
  readClubAccount,
  type ClubAccount,
  type PhoneCodeRequest,
} from '@puja/api-client';
import {
  checkEmailChangeForm,
  checkPhoneChangeForm,
  ERROR_SUMMARY_TITLE,
  validateRegistrationCode,
} from '@puja/domain';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, t, useFormErrors, useLocale } from '@puja/web-kit';
import { Button, buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { EmailProof } from '../../features/account/email-proof';
import { accountErrorText, at } from '../../lib/account-text';

/**
 * Issue 27: the club hands its account over to the new secretary: a new e-mail address (the link
 * mailed to it confirms it; the old one stays until then), a new mobile number (by a code sent
 * to it where SMS is set up, decision 0034) and the password (the change-password page).
 */
export const Route = createFileRoute('/club/account')({
  loader: () => readClubAccount(),
  component: AccountPage,
});

function AccountPage() {
  useLocale();
  const account = Route.useLoaderData();
  const router = useRouter();
  const reload = () => void router.invalidate();
  return (
    <main id="main">
      <Card narrow>
        <h1>{at('account.title')}</h1>
        <p>{at('account.intro')}</p>
      </Card>
      <EmailSection account={account} onChanged={reload} />
      <PhoneSection account={account} onChanged={reload} />
      <Card narrow aria-labelledby="password-title">
        <h2 id="password-title">{at('account.password.title')}</h2>
        <Link className={buttonClass('secondary', true)} to="/club/change-password">
          {at('account.password.link')}
        </Link>
      </Card>
    </main>
  );
}

interface SectionProps {
  account: ClubAccount;
  onChanged: () => void;
}

const NO_CHANGE = { current_password: '' };

/** The e-mail address: now, waiting for its link, and the form that mails a new one its link. */
function EmailSection({ account, onChanged }: SectionProps) {
  const form = useFormErrors('email-change');
  const [values, setValues] = useState({ ...NO_CHANGE, new_email: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailChangeForm(values);
    if (!form.check(checked)) return;
    setBusy(true);
    try {
      await changeEmail(checked.value);
      setSent(checked.value.new_email);
      setValues({ ...NO_CHANGE, new_email: '' });
      onChanged();
    } catch (error) {
      form.failed(accountErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card narrow aria-labelledby="email-title">
      <h2 id="email-title">{at('account.email.title')}</h2>
      <p>{at('account.current', { value: account.email })}</p>
      {account.emailVerified ? null : <EmailProof email={account.email} />}
      {sent ? (
        <p role="status">{at('account.email.sent', { email: sent })}</p>
      ) : account.pendingEmail ? (
        <p>{at('account.email.pending', { email: account.pendingEmail })}</p>
      ) : null}
      <form noValidate onSubmit={submit}>
        <ErrorSummary {...form.summary} />
        <TextField
          {...form.field('new_email')}
          label={at('account.email.field')}
          kind="email"
          value={values.new_email}
          onValueChange={(new_email) => setValues({ ...values, new_email })}
        />
        <TextField
          {...form.field('current_password')}
          label={at('account.currentPassword')}
          hint={at('account.currentPasswordHint')}
          kind="currentPassword"
          value={values.current_password}
          onValueChange={(current_password) => setValues({ ...values, current_password })}
        />
        <Button type="submit" block disabled={busy}>
          {at(busy ? 'account.email.sending' : 'account.email.submit')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The mobile number: now, and the form that changes it at once, or (SMS set up) sends a code to
 * the new number and then takes the code.
 */
function PhoneSection({ account, onChanged }: SectionProps) {
  const form = useFormErrors('phone-change');
  const codeForm = useFormErrors('phone-code');
  const [values, setValues] = useState({ ...NO_CHANGE, new_phone: '' });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<PhoneCodeRequest | null>(null);
  const [changed, setChanged] = useState(false);

  async function run(call: () => Promise<void>, onFailure: (text: string) => void) {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      onFailure(accountErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  function done() {
    setChanged(true);
    setAsked(null);
    setCode('');
    setValues({ ...NO_CHANGE, new_phone: '' });
    onChanged();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPhoneChangeForm(values);
    if (!form.check(checked)) return;
    setChanged(false);
    void run(async () => {
      const answer = await changePhone(checked.value);
      if (answer.changed) done();
      else setAsked(answer.code);
    }, form.failed);
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const checked = validateRegistrationCode(code);
    if (!checked.ok) {
      codeForm.check({
        ok: false,
        summary: ERROR_SUMMARY_TITLE,
        errors: [{ field: 'code', message: checked.message }],
      });
      return;
    }
    codeForm.check({ ok: true, value: null });
    void run(async () => {
      await confirmPhoneChange({ code: checked.value });
      done();
    }, codeForm.failed);
  }

  return (
    <Card narrow aria-labelledby="phone-title">
      <h2 id="phone-title">{at('account.phone.title')}</h2>
      <p>{at('account.current', { value: account.phone })}</p>
      {changed ? <p role="status">{at('account.phone.changed')}</p> : null}
      <form noValidate onSubmit={submit}>
        <ErrorSummary {...form.summary} />
        <TextField
          {...form.field('new_phone')}
          label={at('account.phone.field')}
          hint={at('account.phone.hint')}
          kind="phone"
          value={values.new_phone}
          onValueChange={(new_phone) => setValues({ ...values, new_phone })}
        />
        <TextField
          {...form.field('current_password')}
          label={at('account.currentPassword')}
          kind="currentPassword"
          value={values.current_password}
          onValueChange={(current_password) => setValues({ ...values, current_password })}
        />
        <Button type="submit" block disabled={busy} variant={asked ? 'secondary' : 'primary'}>
          {at(account.phoneBySms ? 'account.phone.sendCode' : 'account.phone.submit')}
        </Button>
      </form>
      {asked ? (
        <form noValidate onSubmit={confirm}>
          <p role="status">{at('account.phone.codeSent', { phone: asked.phone })}</p>
          <ErrorSummary {...codeForm.summary} />
          <TextField
            {...codeForm.field('code')}
            label={t('registration.codeField')}
            kind="code"
            maxLength={6}
            value={code}
            onValueChange={setCode}
          />
          <Button type="submit" block disabled={busy}>
            {at('account.phone.confirm')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
