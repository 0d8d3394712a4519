import type { Application } from '@puja/domain';

/**
 * What the ids of an application's sections end with: nothing for the dashboard's application,
 * `-<id>` for an earlier season's still under review shown beside it (issue 27), so both have
 * their own pickers and the banner's button reaches the right one.
 * @example idScope({ id: 7 }, true) // '-7'
 */
export function idScope(application: Pick<Application, 'id'>, earlier: boolean): string {
  return earlier ? `-${application.id}` : '';
}
