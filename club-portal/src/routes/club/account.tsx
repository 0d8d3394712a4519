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
  localiseDigits,
  validateRegistrationCode,
} from '@puja/domain';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { t, useFormErrors, useLocale, type Said } from '@puja/web-kit';
import { buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { CheckedForm } from '../../components/checked-form';
import { TextField } from '../../components/text-field';
import { EmailProof } from '../../features/account/email-proof';
import { accountErrorText, at } from '../../lib/account-text';
import { useFormValues } from '../../lib/use-form-values';

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
  const fields = useFormValues(form, { ...NO_CHANGE, new_email: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailChangeForm(fields.values);
    if (!form.check(checked)) return;
    setBusy(true);
    try {
      await changeEmail(checked.value);
      setSent(checked.value.new_email);
      fields.reset();
      onChanged();
    } catch (error) {
      form.failed(() => accountErrorText(error));
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
      <CheckedForm
        form={form}
        onSubmit={submit}
        busy={busy}
        submit={at(busy ? 'account.email.sending' : 'account.email.submit')}
      >
        <TextField {...fields.field('new_email')} label={at('account.email.field')} kind="email" />
        <TextField
          {...fields.field('current_password')}
          label={at('account.currentPassword')}
          hint={at('account.currentPasswordHint')}
          kind="currentPassword"
        />
      </CheckedForm>
    </Card>
  );
}

/**
 * The mobile number: now, and the form that changes it at once, or (SMS set up) sends a code to
 * the new number and then takes the code.
 */
function PhoneSection({ account, onChanged }: SectionProps) {
  const locale = useLocale();
  const form = useFormErrors('phone-change');
  const codeForm = useFormErrors('phone-code');
  const fields = useFormValues(form, { ...NO_CHANGE, new_phone: '' });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<PhoneCodeRequest | null>(null);
  const [changed, setChanged] = useState(false);

  async function run(call: () => Promise<void>, onFailure: (text: Said) => void) {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      onFailure(() => accountErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  function done() {
    setChanged(true);
    setAsked(null);
    setCode('');
    fields.reset();
    onChanged();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPhoneChangeForm(fields.values);
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
      <p>{at('account.current', { value: localiseDigits(account.phone, locale) })}</p>
      {changed ? <p role="status">{at('account.phone.changed')}</p> : null}
      <CheckedForm
        form={form}
        onSubmit={submit}
        busy={busy}
        submit={at(account.phoneBySms ? 'account.phone.sendCode' : 'account.phone.submit')}
        variant={asked ? 'secondary' : 'primary'}
      >
        <TextField
          {...fields.field('new_phone')}
          label={at('account.phone.field')}
          hint={at('account.phone.hint')}
          kind="phone"
        />
        <TextField
          {...fields.field('current_password')}
          label={at('account.currentPassword')}
          kind="currentPassword"
        />
      </CheckedForm>
      {asked ? (
        <>
          <p role="status">{at('account.phone.codeSent', { phone: asked.phone })}</p>
          <CheckedForm
            form={codeForm}
            onSubmit={confirm}
            busy={busy}
            submit={at('account.phone.confirm')}
          >
            <TextField
              {...codeForm.field('code')}
              label={t('registration.codeField')}
              kind="code"
              maxLength={6}
              value={code}
              onValueChange={setCode}
            />
          </CheckedForm>
        </>
      ) : null}
    </Card>
  );
}
