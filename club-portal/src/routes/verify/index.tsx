import { parseVerificationCode } from '@puja/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { t, useLocale, usePageTitle } from '@puja/web-kit';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorSummary } from '../../components/error-summary';
import { TextField } from '../../components/text-field';
import { useFormError } from '../../lib/use-form-error';
import styles from './-components/verify.module.css';

export const Route = createFileRoute('/verify/')({
  component: VerifyFormPage,
});

/** Issue 12: the public check of a certificate by typing its code (no login). */
function VerifyFormPage() {
  useLocale();
  usePageTitle(t('verify.title'));
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
          <ErrorSummary {...form.summary} />
          <TextField
            {...form.field('code')}
            label={t('verify.codeLabel')}
            hint={t('verify.codeHint')}
            className={styles.codeInput}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onValueChange={setTyped}
          />
          <Button type="submit" block>
            {t('verify.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
