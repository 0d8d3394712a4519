import type { Session } from '@puja/api-client';

/** What every route's guard and loader may ask (docs/decisions/0026-file-routes.md). */
export interface RouterContext {
  /** The session now (it changes at login and logout, so a getter rather than a value). */
  session: () => Session | null;
}
