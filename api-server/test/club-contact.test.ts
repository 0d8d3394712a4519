// Issue 27 "someone to call": every mail to a club names the municipality and how to reach it
// (MUNICIPALITY_* of the server's config), and the club opens every document it uploaded, the
// rejected one included, through the links of its own application, and nobody else's.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APPLICATION_FILE_FIELDS } from '@puja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerOf } from './fake-smtp';
import { decideDocument, mailsSent, type Harness, type StaffUser, createHarness } from './harness';

let h: Harness;
let store: StaffUser;

beforeAll(async () => {
  h = await createHarness({
    MAIL_POLL_MS: '20',
    MUNICIPALITY_NAME: 'Bally Municipality',
    MUNICIPALITY_OFFICE: 'Puja Cell, Town Hall',
    MUNICIPALITY_PHONE: '033 2654 0000',
    MUNICIPALITY_EMAIL: 'puja@bally.gov.in',
    MUNICIPALITY_HOURS: 'Mon–Fri 10:30–17:00',
  });
  ({ store } = await h.staffTeam());
});
afterAll(() => h.close());

/** The bodies of the mails sent (DATA_DIR/outbox) to an address. */
async function mailBodiesTo(email: string): Promise<string[]> {
  await mailsSent(h);
  const outbox = join(h.config.dataDir, 'outbox');
  const names = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
  return texts
    .filter((text) => headerOf(text, 'To') === email)
    .map((text) => text.slice(text.indexOf('\n\n') + 2));
}

type Club = Awaited<ReturnType<Harness['club']>>;

async function myApplication(club: Club, clubId = club.clubId) {
  return h.app.inject({
    method: 'POST',
    url: '/my-noc.php',
    payload: { club_id: clubId },
    headers: h.bearer(club.token),
  });
}

describe('mails name the municipality and its contact', () => {
  it('in English: the name, never "your municipality", and office, phone, e-mail, hours', async () => {
    const club = await h.club();
    expect((await h.apply(club)).statusCode).toBe(201);
    const [received] = await mailBodiesTo(club.email);
    expect(received).toContain(
      'This is an automatic message from the Puja NOC Portal of Bally Municipality.',
    );
    expect(received).toContain(
      [
        'Contact Bally Municipality:',
        'Office: Puja Cell, Town Hall',
        'Phone: 033 2654 0000',
        'E-mail: puja@bally.gov.in',
        'Hours: Mon–Fri 10:30–17:00',
      ].join('\n'),
    );
    expect(received).not.toContain('your municipality');
  });

  it('in Bengali for a club that uses Bengali', async () => {
    const club = await h.club({ locale: 'bn' });
    expect((await h.apply(club)).statusCode).toBe(201);
    const [received] = await mailBodiesTo(club.email);
    expect(received).toContain('Bally Municipality-র পূজা এনওসি পোর্টাল');
    expect(received).toContain('ফোন: 033 2654 0000');
    expect(received).not.toContain('আপনাদের পৌরসভার');
  });
});

describe('the club opens its own documents, and nobody else’s', () => {
  it('every uploaded document opens from its my-noc, the rejected one included', async () => {
    const club = await h.club();
    const { id } = (await h.apply(club)).json().data as { id: number };
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    const decide = (doc: string, code: 1 | 2, reason = '') =>
      decideDocument(h, store.token, { id, doc, code, reason });
    expect((await decide('acknowledgement', 1)).statusCode).toBe(200);
    expect((await decide('chairman_application_certificate', 2, 'Unsigned')).statusCode).toBe(200);

    const mine = (await myApplication(club)).json().data[0] as Record<string, string | null>;
    expect(mine.chairman_application_certificate_status).toBe('2');
    for (const field of [...APPLICATION_FILE_FIELDS, 'acknowledgement']) {
      const link = mine[field];
      expect(link, field).toMatch(/^files\/\d+\//);
      const opened = await h.app.inject({ method: 'GET', url: `/${link}` });
      expect(opened.statusCode, field).toBe(200);
    }

    // Another club reads none of it: not through my-noc, not with its own links' signature.
    const other = await h.club();
    expect((await myApplication(other, club.clubId)).statusCode).toBe(403);
    const { chairman_application_certificate: own } = (await h.apply(other)).json().data as {
      chairman_application_certificate: string;
    };
    const [, name] = /^files\/\d+\/([^?]+)/.exec(String(mine.certificate_image)) ?? [];
    const query = own.slice(own.indexOf('?'));
    const borrowed = await h.app.inject({ method: 'GET', url: `/files/${id}/${name}${query}` });
    expect(borrowed.statusCode).toBe(403);
  });

  it('my-noc dates each approved document for the tracker, and no other', async () => {
    const club = await h.club();
    const { id } = (await h.apply(club)).json().data as { id: number };
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    const before = Date.now();
    expect(
      (await decideDocument(h, store.token, { id, doc: 'acknowledgement', code: 1 })).statusCode,
    ).toBe(200);
    const mine = (await myApplication(club)).json().data[0] as Record<string, unknown>;
    const approvedAt = Date.parse(String(mine.acknowledgement_approved_at));
    expect(approvedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(approvedAt).toBeLessThanOrEqual(Date.now());
    expect(mine.chairman_application_certificate_approved_at).toBeUndefined();
  });
});
