import { requestPasswordReset } from '@puja/api-client';
import { checkForgotPasswordForm } from '@puja/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorSummary, outcomeText, t, useFormErrors, withToast } from '@puja/web-kit';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { Modal } from '../../components/modal';

/** SPEC §9: the dialog forgets what was typed 300 ms after closing. */
export const RESET_DIALOG_CLEAR_MS = 300;

/**
 * SPEC §2 forgot password: the email (or, issue 23, the registered mobile number), then
 * "Request Sent!"; state cleared after closing.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useFormErrors('forgot', { untitled: true });
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { clear } = form;

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setEmail('');
      setSent(null);
      clear();
    }, RESET_DIALOG_CLEAR_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- clear is a fresh closure each render
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForgotPasswordForm({ email });
    if (!form.check(checked)) return;
    setBusy(true);
    const result = await withToast(
      { loading: 'forgotPassword.loading', failure: 'forgotPassword.error', success: outcomeText },
      () => requestPasswordReset(checked.value),
    );
    setBusy(false);
    if (result.ok) setSent(outcomeText(result.value));
    else form.failed(result.text);
  }

  return (
    <Modal open={open} title={t('forgotPassword.title')} onClose={onClose}>
      {sent !== null ? (
        <div role="status">
          <h3>{t('forgotPassword.sentTitle')}</h3>
          <p>{sent}</p>
          <Button block onClick={onClose}>
            {t('app.close')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          <p>{t('forgotPassword.hintPhone')}</p>
          <ErrorSummary {...form.summary} />
          {/* Issue 23: the e-mail or the registered mobile number. */}
          <TextField
            {...form.field('email')}
            label={t('forgotPassword.field.login')}
            type="text"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
          />
          <Button type="submit" block disabled={busy}>
            {t('forgotPassword.submit')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
