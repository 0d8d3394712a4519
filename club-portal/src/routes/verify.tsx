import {
  formatDate,
  parseVerificationCode,
  type NocVerification,
  type VerifiedNoc,
} from '@puja/domain';
import {
  getRouteApi,
  Link,
  useNavigate,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorText, t, useLocale } from '@puja/web-kit';
import { Button, buttonClass } from '../components/button';
import { Card } from '../components/card';
import { ErrorSummary } from '../components/error-summary';
import { Field } from '../components/field';
import { useFormError } from '../lib/use-form-error';
import styles from './verify.module.css';

const resultRoute = getRouteApi('/verify/$code');

/** Issue 12: the public check of a certificate by typing its code (no login). */
export function VerifyFormPage() {
  useLocale();
  const navigate = useNavigate();
  const form = useFormError('verify');
  const [typed, setTyped] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = parseVerificationCode(typed);
    if (!code) return form.invalid('verify.codeInvalid', 'code');
    form.clear();
    await navigate({ to: '/verify/$code', params: { code } });
  }

  return (
    <main id="main">
      <Card narrow>
        <h1>{t('verify.title')}</h1>
        <p>{t('verify.intro')}</p>
        <form noValidate onSubmit={submit}>
          <ErrorSummary
            id="verify-summary"
            message={form.error?.message}
            fieldId={form.error?.fieldId}
          />
          <Field
            id={form.idFor('code')}
            label={t('verify.codeLabel')}
            hint={t('verify.codeHint')}
            error={form.errorFor('code')}
          >
            {(control) => (
              <input
                {...control}
                className={`${control.className} ${styles.codeInput}`}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" block>
            {t('verify.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}

/** The code as the page repeats it: canonical when it reads as one, else as given (cut short). */
function shownCode(given: string): string {
  return parseVerificationCode(given) ?? given.slice(0, 64);
}

/** Issue 12: the answer for one code, readable in sunlight: a large VALID or NOT VALID. */
export function VerifyResultPage() {
  useLocale();
  const verification = resultRoute.useLoaderData();
  const { code } = resultRoute.useParams();
  return (
    <ResultLayout code={code}>
      <Verdict verification={verification} />
    </ResultLayout>
  );
}

function ResultLayout({ code, children }: { code: string; children: ReactNode }) {
  return (
    <main id="main">
      <Card narrow className={styles.result}>
        <h1>{t('verify.title')}</h1>
        {children}
        <p className={styles.code}>{t('verify.codeShown', { code: shownCode(code) })}</p>
        <Link to="/verify" className={buttonClass('secondary', true)}>
          {t('verify.checkAnother')}
        </Link>
      </Card>
    </main>
  );
}

function Verdict({ verification }: { verification: NocVerification }) {
  if (!verification.valid) {
    return (
      <div className={`${styles.verdict} ${styles.notValid}`} role="status">
        <p className={styles.state}>
          <span aria-hidden="true">✗ </span>
          {t('verify.notValid')}
        </p>
        <p>{t('verify.notValidText')}</p>
      </div>
    );
  }
  return (
    <>
      <div className={`${styles.verdict} ${styles.valid}`} role="status">
        <p className={styles.state}>
          <span aria-hidden="true">✓ </span>
          {t('verify.valid')}
        </p>
        <p>{t('verify.validText')}</p>
      </div>
      <Facts facts={verification} />
    </>
  );
}

/** The facts printed on the certificate, to compare with the paper. */
function Facts({ facts }: { facts: VerifiedNoc }) {
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('verify.fact.club'), facts.club_name],
    [t('verify.fact.regNo'), facts.reg_no],
    [t('verify.fact.memoNo'), facts.memo_number],
    [t('verify.fact.approvalDate'), formatDate(facts.approval_date, locale)],
    [t('verify.fact.pujaLocation'), facts.puja_location_address],
    [t('verify.fact.ward'), String(facts.puja_location_ward_no ?? t('date.notAvailable'))],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || t('date.notAvailable')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** While the server answers. */
export function VerifyPendingPage() {
  useLocale();
  const { code } = resultRoute.useParams();
  return (
    <ResultLayout code={code}>
      <p className={styles.checking} role="status">
        {t('verify.checking')}
      </p>
    </ResultLayout>
  );
}

/** The server could not be asked (offline, rate-limited, down): say so, offer to try again. */
export function VerifyErrorPage({ error }: ErrorComponentProps) {
  useLocale();
  const router = useRouter();
  const { code } = resultRoute.useParams();
  return (
    <ResultLayout code={code}>
      <div className={styles.failed} role="alert">
        <p>{errorText(error, 'verify.failed')}</p>
        <Button onClick={() => void router.invalidate()}>{t('verify.retry')}</Button>
      </div>
    </ResultLayout>
  );
}
