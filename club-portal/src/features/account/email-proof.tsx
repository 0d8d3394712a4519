import { resendEmailConfirmation } from '@puja/api-client';
import { useState } from 'react';
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
  const [answer, setAnswer] = useState<{ sent: string } | { failed: string } | null>(null);

  async function resend() {
    setBusy(true);
    try {
      const sent = await resendEmailConfirmation();
      setAnswer({ sent: at('account.email.resent', { email: sent.email, hours: sent.hours }) });
    } catch (error) {
      setAnswer({ failed: accountErrorText(error) });
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
      {answer && 'sent' in answer ? <p role="status">{answer.sent}</p> : null}
      {answer && 'failed' in answer ? <p role="alert">{answer.failed}</p> : null}
      <Button variant="secondary" block disabled={busy} onClick={() => void resend()}>
        {at(busy ? 'account.email.sending' : 'account.email.resend')}
      </Button>
    </div>
  );
}
