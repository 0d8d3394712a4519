import { confirmEmail } from '@puja/api-client';
import { createFileRoute } from '@tanstack/react-router';
import { answerOfLink, tokenSearch, type MailedLinkAnswer } from '../features/account/mailed-link';
import { MailedLinkPage } from '../features/account/mailed-link-page';

/**
 * Issue 26, L4: the page the link mailed to the address of an account registered by SMS opens
 * (`?token=`): the address is proved at once (the portal's mails go to it from then on), or the
 * page says why not (not valid or used, expired: send it again from the Account page).
 */
export const Route = createFileRoute('/confirm-email')({
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ deps }): Promise<MailedLinkAnswer> =>
    answerOfLink(confirmEmail({ token: deps.token })),
  component: ConfirmEmailPage,
});

function ConfirmEmailPage() {
  return (
    <MailedLinkPage
      answer={Route.useLoaderData()}
      title="account.verifyEmail.title"
      done="account.verifyEmail.done"
    />
  );
}
