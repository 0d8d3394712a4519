import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC §2: the console's address opens the staff login.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/login' });
  },
});
