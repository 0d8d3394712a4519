import { confirmEmailChange } from '@puja/api-client';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { t, useLocale } from '@puja/web-kit';
import { buttonClass } from '../components/button';
import { Card } from '../components/card';
import { accountErrorText, at } from '../lib/account-text';

/** What opening the link did: the new address and its club, or the refusal. */
type Answer = { ok: true; club: string; email: string } | { ok: false; error: unknown };

/**
 * Issue 27: the page the link mailed to a club's new e-mail address opens (`?token=`): the
 * address becomes the account's at once (once: the loader runs per visit), or the page says why
 * not (not valid, expired, taken meanwhile).
 */
export const Route = createFileRoute('/confirm-email-change')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  // The loader ships with the shell: the words (the account catalogue) stay in the page's chunk.
  loader: ({ deps }): Promise<Answer> =>
    confirmEmailChange({ token: deps.token }).then(
      (changed) => ({ ok: true, club: changed.clubname, email: changed.email }),
      (error: unknown) => ({ ok: false, error }),
    ),
  component: ConfirmEmailChangePage,
});

function ConfirmEmailChangePage() {
  useLocale();
  const answer = Route.useLoaderData();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <Card narrow aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title" ref={heading} tabIndex={-1}>
          {at('account.confirmEmail.title')}
        </h1>
        {answer.ok ? (
          <p role="status">
            {at('account.confirmEmail.done', { club: answer.club, email: answer.email })}
          </p>
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
