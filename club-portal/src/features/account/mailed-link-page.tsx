import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { t, useLocale } from '@puja/web-kit';
import type { AccountTextKey } from '@puja/domain';
import { buttonClass } from '../../components/button';
import { Card } from '../../components/card';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <Card narrow aria-labelledby="mailed-link-title">
        <h1 id="mailed-link-title" ref={heading} tabIndex={-1}>
          {at(title)}
        </h1>
        {answer.ok ? (
          <p role="status">{at(done, { club: answer.club, email: answer.email })}</p>
        ) : (
          <p role="alert">{accountErrorText(answer.error)}</p>
        )}
        <Link className={buttonClass(answer.ok ? 'primary' : 'secondary', true)} to="/login">
          {t('registration.goToLogin')}
        </Link>
      </Card>
    </main>
  );
}
