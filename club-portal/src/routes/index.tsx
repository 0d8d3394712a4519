import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` goes to the club dashboard; its guard sends a visitor without a session to the login. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/club/dashboard' });
  },
});
