import { Link } from '@tanstack/react-router';
import { t, useLocale } from '@puja/web-kit';
import type { AccountTextKey } from '@puja/domain';
import { buttonClass } from '../../components/button';
import { FocusedCard } from '../../components/focused-card';
import { accountErrorText, at } from '../../lib/account-text';
import type { MailedLinkAnswer } from './mailed-link';

/**
 * The page a link mailed about an account's address opens (issue 27's new address, issue 26's
 * proof of a registered one): what it did, or why not, and the way to the login. The heading
 * takes the focus once drawn.
 */
export function MailedLinkPage({
  answer,
  title,
  done,
}: {
  answer: MailedLinkAnswer;
  title: AccountTextKey;
  /** Said when it worked, with `{club}` and `{email}`. */
  done: AccountTextKey;
}) {
  useLocale();
  return (
    <FocusedCard titleId="mailed-link-title" title={at(title)}>
      {answer.ok ? (
        <p role="status">{at(done, { club: answer.club, email: answer.email })}</p>
      ) : (
        <p role="alert">{accountErrorText(answer.error)}</p>
      )}
      <Link className={buttonClass(answer.ok ? 'primary' : 'secondary', true)} to="/login">
        {t('registration.goToLogin')}
      </Link>
    </FocusedCard>
  );
}
