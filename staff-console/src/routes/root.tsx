import { Outlet } from '@tanstack/react-router';

/** The root: every screen draws its own frame (the staff layout, or a bare page). */
export function RootLayout() {
  return <Outlet />;
}
