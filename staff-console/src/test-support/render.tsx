import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { sessionStore, type StaffSession } from '@puja/api-client';
import { cssVariablesResolver, theme } from '../theme';

/** A logged-in staff session for tests. */
export function signIn(role: StaffSession['role'], email = `${role}@example.org`): StaffSession {
  const session: StaffSession = { role, id: 1, name: role, email, phone: '', token: 'token' };
  sessionStore.getState().setSession(session);
  return session;
}

/** Renders a screen inside the console's Mantine theme and toasts. */
export function renderScreen(ui: ReactElement): RenderResult {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      {ui}
    </MantineProvider>,
  );
}
