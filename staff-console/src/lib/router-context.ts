import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@puja/api-client';

/** What every route's guard and loader receive: the session now, and the server-data cache. */
export interface RouterContext {
  /** The logged-in user at this moment, or null. */
  session: () => Session | null;
  queryClient: QueryClient;
}
