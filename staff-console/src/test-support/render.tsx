import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { sessionStore, type ConsoleSession, type StaffSession } from '@puja/api-client';
import { Toasts } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../theme';

/** A logged-in staff session for tests. */
export function signIn(role: StaffSession['role'], email = `${role}@example.org`): StaffSession {
  const session: StaffSession = { role, id: 1, name: role, email, phone: '', token: 'token' };
  sessionStore.getState().setSession(session);
  return session;
}

/** A logged-in agency officer (issue 29) of one agency, for tests. */
export function signInOfficer(agencyId: number, email = 'police1@example.org'): ConsoleSession {
  const session: ConsoleSession = {
    role: 'agency',
    agency_id: agencyId,
    id: 9,
    name: 'Officer',
    email,
    phone: '',
    token: 'token',
  };
  sessionStore.getState().setSession(session);
  return session;
}

/** Renders a piece of a screen inside the console's Mantine theme, toasts and an empty cache. */
export function renderScreen(ui: ReactElement): RenderResult {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={createQueryClient()}>
        <Toasts />
        {ui}
      </QueryClientProvider>
    </MantineProvider>,
  );
}
