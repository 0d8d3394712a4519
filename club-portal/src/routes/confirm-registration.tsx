import { ApiError, confirmRegistration } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorText, said, t, useLocale, usePageTitle, type Said } from '@puja/web-kit';
import { buttonClass } from '../components/button';
import { FocusedCard } from '../components/focused-card';
import { RegistrationConfirmed } from '../features/registration/registration-confirmed';

/** The page a registration's confirmation link opens (decision 0028): `?token=` from the mail. */
export const Route = createFileRoute('/confirm-registration')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: ConfirmRegistrationPage,
});

/** What the page shows: the link being checked, its answer, or why it did not work. */
type Confirmation =
  | { state: 'confirming' }
  | { state: 'done'; club: string }
  | { state: 'expired' | 'invalid' }
  | { state: 'failed'; text: Said };

const REFUSALS: Partial<Record<MessageKey, 'expired' | 'invalid'>> = {
  'registration.confirmExpired': 'expired',
  'registration.confirmInvalid': 'invalid',
};

/** Sends the token once; a second render (StrictMode) reuses the same answer. */
const answers = new Map<string, Promise<Confirmation>>();
function confirmOnce(token: string): Promise<Confirmation> {
  let answer = answers.get(token);
  if (!answer) {
    answer = confirmRegistration({ token }).then(
      (confirmed): Confirmation => ({ state: 'done', club: confirmed.clubname }),
      (error: unknown): Confirmation => {
        const refusal =
          error instanceof ApiError ? REFUSALS[error.messageKey ?? 'server.error'] : undefined;
        if (refusal) return { state: refusal };
        return { state: 'failed', text: () => errorText(error, 'registration.unknownError') };
      },
    );
    answers.set(token, answer);
    // A retry after a network failure asks again.
    void answer.then((result) => result.state === 'failed' && answers.delete(token));
  }
  return answer;
}

/**
 * The page a registration's confirmation link opens (decision 0028): it confirms at once and
 * says so (then: log in), or says the link has expired or is not valid (then: register again).
 */
function ConfirmRegistrationPage() {
  useLocale();
  usePageTitle(t('registration.confirmTitle'));
  const { token } = Route.useSearch();
  const [confirmation, setConfirmation] = useState<Confirmation>(
    token ? { state: 'confirming' } : { state: 'invalid' },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    void confirmOnce(token).then((result) => {
      if (current) setConfirmation(result);
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    // Each answer replaces the last: a screen reader hears the new state from the heading on.
    <FocusedCard
      titleId="confirm-title"
      title={t('registration.confirmTitle')}
      focusKey={confirmation.state === 'confirming' ? null : confirmation.state}
      busy={confirmation.state === 'confirming'}
    >
      <ConfirmationState confirmation={confirmation} />
    </FocusedCard>
  );
}

function ConfirmationState({ confirmation }: { confirmation: Confirmation }) {
  switch (confirmation.state) {
    case 'confirming':
      return <p role="status">{t('registration.confirming')}</p>;
    case 'done':
      return <RegistrationConfirmed club={confirmation.club} />;
    case 'expired':
    case 'invalid':
      return (
        <>
          <p role="alert">
            {t(
              confirmation.state === 'expired'
                ? 'registration.confirmExpired'
                : 'registration.confirmInvalid',
            )}
          </p>
          <Link className={buttonClass('primary', true)} to="/register">
            {t('registration.registerAgain')}
          </Link>
        </>
      );
    case 'failed':
      return (
        <>
          <p role="alert">{said(confirmation.text)}</p>
          <Link className={buttonClass('secondary', true)} to="/login">
            {t('registration.goToLogin')}
          </Link>
        </>
      );
  }
}
