import { resendEmailConfirmation } from '@puja/api-client';
import { useState } from 'react';
import { useLocale } from '@puja/web-kit';
import { Button } from '../../components/button';
import { accountErrorText, at } from '../../lib/account-text';
import styles from './email-proof.module.css';

/**
 * Issue 26, L4: an address registered by SMS is not proved until the link mailed to it is
 * opened; until then the portal mails it nothing else. Says so, with a button that sends the
 * link again (the server allows one a minute and says how long to wait).
 */
export function EmailProof({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  useLocale();
  // Kept as what happened, worded at each render: a language switch rewords it too.
  const [answer, setAnswer] = useState<
    { sent: { email: string; hours: number } } | { failed: unknown } | null
  >(null);

  async function resend() {
    setBusy(true);
    try {
      setAnswer({ sent: await resendEmailConfirmation() });
    } catch (error) {
      setAnswer({ failed: error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.proof}>
      <p>
        <strong>{at('account.email.unverified')}</strong>
      </p>
      <p>{at('account.email.unverifiedHint', { email })}</p>
      {answer && 'sent' in answer ? (
        <p role="status">{at('account.email.resent', answer.sent)}</p>
      ) : null}
      {answer && 'failed' in answer ? <p role="alert">{accountErrorText(answer.failed)}</p> : null}
      <Button variant="secondary" block disabled={busy} onClick={() => void resend()}>
        {at(busy ? 'account.email.sending' : 'account.email.resend')}
      </Button>
    </div>
  );
}
