import { sessionStore, type ClubSession, type Session } from '@puja/api-client';
import type { RuntimeConfig } from '@puja/api-client';
import type { Application } from '@puja/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '../router';

export const CLUB_SESSION: ClubSession = {
  role: 'club',
  id: 5,
  club_id: 10,
  name: 'Sree Sangha',
  clubname: 'Sree Sangha',
  email: 'sree@example.org',
  token: 'token-1',
};

/** A runtime config.json for `setAppConfig`: Bally, with its contact, no clock, no video. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    apiBaseUrl: 'http://api.test/',
    filesBaseUrl: 'http://api.test/',
    municipality: 'Bally Municipality',
    bodyEncoding: 'json',
    tutorialVideoUrl: undefined,
    clubPortalUrl: undefined,
    pujaStartDate: undefined,
    contact: {
      name: 'Bally Municipality',
      office: 'Puja Cell, Town Hall',
      phone: '033 2654 0000',
      email: 'puja@bally.gov.in',
      hours: 'Mon–Fri 10:30–17:00',
    },
    ...overrides,
  };
}

/** Renders the whole portal at a path (memory history), with a session or none. */
export async function renderApp(path: string, session: Session | null = null) {
  if (session) sessionStore.getState().setSession(session);
  else sessionStore.getState().clearSession();
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  await screen.findByRole('main');
  return { router, user };
}

/** A submitted application (no acknowledgement yet, everything Pending). */
export function application(overrides: Partial<Application> = {}): Application {
  return {
    id: 1,
    club_id: 10,
    reg_no: '7',
    apply_year: '2025',
    created_at: '2025-03-05T10:15:00.000Z',
    club_name: 'Sree Sangha',
    address: '12 Park Street',
    email: 'sree@example.org',
    phone: '9830012345',
    ward_no: 7,
    govt_register_no: '',
    puja_location_address: 'Maidan',
    puja_location_ward_no: 9,
    land_type: 'own',
    club_president_name: 'A',
    club_president_phone: '9830000001',
    club_secrety_name: 'B',
    club_secrety_phone: '9830000002',
    puja_presient_name: 'C',
    puja_presient_phone: '9830000003',
    puja_secretary_name: 'D',
    puja_secretary_phone: '9830000004',
    chairman_application_certificate: 'files/a.pdf',
    certificate_image: 'files/b.pdf',
    load_agreement_image: 'files/c.pdf',
    puja_committee: 'files/d.pdf',
    puja_budget: 'files/e.pdf',
    acknowledgement: null,
    acknowledgement_status: 'Pending',
    acknowledgement_reason: '',
    chairman_application_certificate_status: 'Pending',
    chairman_application_certificate_reason: '',
    certificate_status: 'Pending',
    certificate_reason: '',
    agreement_status: 'Pending',
    agreement_reason: '',
    chairman_status: 'Pending',
    chairman_reason: '',
    chairman_approved_date: null,
    ...overrides,
  };
}

/** A small PDF file as a browser would give it. */
export function pdfFile(name = 'doc.pdf', size = 2048): File {
  const head = new TextEncoder().encode('%PDF-1.4\n');
  return new File([head, new Uint8Array(size - head.length)], name, { type: 'application/pdf' });
}

/** The error summary's entries (it must have focus: GOV.UK moves it there on each submit). */
export function focusedSummaryLinks(): (string | null)[] {
  const summary = screen.getByRole('alert');
  expect(summary).toHaveFocus();
  return within(summary)
    .getAllByRole('link')
    .map((link) => link.textContent);
}
