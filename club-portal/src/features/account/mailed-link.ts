/**
 * What the routes of a mailed link's page need in their loader, which ships with the shell: no
 * texts here (the account catalogue stays in the pages' own chunks, decision 0037).
 */

/** What opening a mailed link did: its club and address, or the refusal. */
export type MailedLinkAnswer =
  { ok: true; club: string; email: string } | { ok: false; error: unknown };

/** The link's token from the page's query string ('' when it has none). */
export const tokenSearch = (search: Record<string, unknown>): { token: string } => ({
  token: typeof search.token === 'string' ? search.token : '',
});

/** The loader's answer from a call that confirms a mailed link's token. */
export function answerOfLink(
  call: Promise<{ clubname: string; email: string }>,
): Promise<MailedLinkAnswer> {
  return call.then(
    (done) => ({ ok: true, club: done.clubname, email: done.email }),
    (error: unknown) => ({ ok: false, error }),
  );
}
