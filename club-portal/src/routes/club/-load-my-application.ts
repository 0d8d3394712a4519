import { getMyApplication } from '@puja/api-client';
import type { Application } from '@puja/domain';
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../router';

/**
 * The loader of the club pages that show the club's own application, or null (SPEC §7 my-noc).
 * @example loader: ({ context }) => loadMyApplication(context)
 */
export async function loadMyApplication(
  context: RouterContext,
): Promise<{ application: Application | null }> {
  const session = context.session();
  if (session?.role !== 'club') throw redirect({ to: '/login' });
  return { application: await getMyApplication({ club_id: session.club_id }) };
}
