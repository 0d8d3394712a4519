import { Notifications } from '@mantine/notifications';

/** Where the console's toasts appear (loaded after the first screen: see app.tsx). */
export function Toasts() {
  return <Notifications position="bottom-right" />;
}
