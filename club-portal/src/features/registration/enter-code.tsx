import {
  ApiError,
  confirmRegistrationCode,
  resendRegistrationCode,
  type CodeRequest,
} from '@puja/api-client';
import {
  localiseDigits,
  resendWaitSeconds,
  validateRegistrationCode,
  type MessageKey,
} from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { errorText, said, t, useLocale, type Said } from '@puja/web-kit';
import { Button, buttonClass } from '../../components/button';
import { FocusedCard } from '../../components/focused-card';
import { TextField } from '../../components/text-field';
import { RegistrationConfirmed } from './registration-confirmed';

/**
 * What the screen says under the field, null until there is something: a refusal (`error`), that
 * a new code went (`info`), that the code can no longer be used (`renew`: expired or too many
 * tries, only a new code helps) or that the registration itself is gone (`gone`: register again).
 * Its words are read at render, so a switch of language re-reads them.
 */
type Notice = { kind: 'error' | 'info' | 'renew' | 'gone'; text: Said } | null;

const RENEW: ReadonlySet<MessageKey | undefined> = new Set<MessageKey | undefined>([
  'registration.codeExpired',
  'registration.codeTooManyTries',
]);

/** Seconds left before a new code may be asked (domain resendWaitSeconds), once a second. */
function useResendWait(sentAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return resendWaitSeconds(sentAt, Math.max(now, sentAt));
}

/**
 * After registering where SMS confirms registrations (decision 0034): the 6-digit code sent to
 * the club's phone, with every state the server can answer: a wrong code and the tries left,
 * a used-up or expired code (ask for a new one), the countdown before a new code, a new code
 * sent, too many codes, and success (then: log in).
 */
export function EnterCode({ request, club }: { request: CodeRequest; club: string }) {
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [tries, setTries] = useState(request.tries);
  const [busy, setBusy] = useState<'checking' | 'resending' | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [sentAt, setSentAt] = useState(() => Date.now());
  const wait = useResendWait(sentAt);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateRegistrationCode(code);
    if (!checked.ok) return setFieldError(checked.message);
    setFieldError(null);
    setBusy('checking');
    try {
      await confirmRegistrationCode({ registration: request.registration, code: checked.value });
      setConfirmed(true);
    } catch (error) {
      const key = error instanceof ApiError ? error.messageKey : undefined;
      if (key === 'registration.codeWrong') {
        const left = Math.max(0, tries - 1);
        setTries(left);
        const text = () =>
          `${t('registration.codeWrong')} ${t('registration.codeTriesLeft', { tries: left })}`;
        setNotice(left > 0 ? { kind: 'error', text } : { kind: 'renew', text });
      } else if (RENEW.has(key)) {
        setNotice({ kind: 'renew', text: () => errorText(error, 'registration.unknownError') });
      } else if (key === 'registration.codeUnknown') {
        setNotice({ kind: 'gone', text: () => t('registration.codeUnknown') });
      } else {
        setNotice({ kind: 'error', text: () => errorText(error, 'registration.unknownError') });
      }
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    setBusy('resending');
    try {
      await resendRegistrationCode({ registration: request.registration });
      setTries(request.tries);
      setCode('');
      setSentAt(Date.now());
      setNotice({ kind: 'info', text: () => t('registration.codeResent') });
    } catch (error) {
      const key = error instanceof ApiError ? error.messageKey : undefined;
      if (key === 'registration.codeUnknown') {
        setNotice({ kind: 'gone', text: () => t('registration.codeUnknown') });
      } else
        setNotice({ kind: 'error', text: () => errorText(error, 'registration.unknownError') });
    } finally {
      setBusy(null);
    }
  }

  if (confirmed) {
    return (
      <FocusedCard titleId="code-title" title={t('registration.confirmTitle')} focusKey="confirmed">
        <RegistrationConfirmed club={club} />
      </FocusedCard>
    );
  }

  const canSubmit = notice?.kind !== 'renew' && notice?.kind !== 'gone';
  return (
    <FocusedCard
      titleId="code-title"
      title={t('registration.codeTitle')}
      focusKey="code"
      busy={busy !== null}
    >
      <p>{t('registration.codeBody', { phone: localiseDigits(request.phone, locale), club })}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="registration-code"
          label={t('registration.codeField')}
          hint={t('registration.codeHint')}
          error={fieldError === null ? null : t(fieldError)}
          value={code}
          onValueChange={setCode}
          kind="code"
          maxLength={9}
          disabled={!canSubmit}
        />
        {notice ? (
          <p role={notice.kind === 'info' ? 'status' : 'alert'}>{said(notice.text)}</p>
        ) : null}
        {canSubmit ? (
          <Button type="submit" block disabled={busy !== null}>
            {busy === 'checking' ? t('registration.codeChecking') : t('registration.codeSubmit')}
          </Button>
        ) : null}
      </form>
      {notice?.kind === 'gone' ? (
        <Link className={buttonClass('primary', true)} to="/register" reloadDocument>
          {t('registration.registerAgain')}
        </Link>
      ) : (
        <Button
          variant={canSubmit ? 'secondary' : 'primary'}
          block
          disabled={wait > 0 || busy !== null}
          onClick={() => void resend()}
        >
          {busy === 'resending'
            ? t('registration.codeResending')
            : wait > 0
              ? t('registration.codeResendIn', { seconds: wait })
              : t('registration.codeResend')}
        </Button>
      )}
    </FocusedCard>
  );
}
