import { parseVerificationCode, type FormCheck } from '@puja/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, t, useFormErrors, useLocale, usePageTitle } from '@puja/web-kit';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import styles from './-components/verify.module.css';

export const Route = createFileRoute('/verify/')({
  component: VerifyFormPage,
});

/** Issue 12: the public check of a certificate by typing its code (no login). */
function VerifyFormPage() {
  useLocale();
  usePageTitle(t('verify.title'));
  const navigate = useNavigate();
  const form = useFormErrors('verify', { untitled: true });
  const [typed, setTyped] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = parseVerificationCode(typed);
    const checked: FormCheck<string> = code
      ? { ok: true, value: code }
      : {
          ok: false,
          summary: 'form.errorSummaryTitle',
          errors: [{ field: 'code', message: 'verify.codeInvalid' }],
        };
    if (!form.check(checked)) return;
    await navigate({ to: '/verify/$code', params: { code: checked.value } });
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
