import { confirmEmailChange } from '@puja/api-client';
import { createFileRoute } from '@tanstack/react-router';
import { answerOfLink, tokenSearch, type MailedLinkAnswer } from '../features/account/mailed-link';
import { MailedLinkPage } from '../features/account/mailed-link-page';

/**
 * Issue 27: the page the link mailed to a club's new e-mail address opens (`?token=`): the
 * address becomes the account's at once (once: the loader runs per visit), or the page says why
 * not (not valid, expired, taken meanwhile).
 */
export const Route = createFileRoute('/confirm-email-change')({
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  // The loader ships with the shell: the words (the account catalogue) stay in the page's chunk.
  loader: ({ deps }): Promise<MailedLinkAnswer> =>
    answerOfLink(confirmEmailChange({ token: deps.token })),
  component: ConfirmEmailChangePage,
});

function ConfirmEmailChangePage() {
  return (
    <MailedLinkPage
      answer={Route.useLoaderData()}
      title="account.confirmEmail.title"
      done="account.confirmEmail.done"
    />
  );
}
