import { parseVerificationCode } from '@puja/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { t, useLocale } from '@puja/web-kit';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorSummary } from '../../components/error-summary';
import { Field } from '../../components/field';
import { useFormError } from '../../lib/use-form-error';
import styles from './-components/verify.module.css';

export const Route = createFileRoute('/verify/')({
  component: VerifyFormPage,
});

/** Issue 12: the public check of a certificate by typing its code (no login). */
function VerifyFormPage() {
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
