import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC §2: /admin redirects to /admin/login.
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/login' });
  },
});
