import { formatMessage } from '@puja/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import {
  applicationRow,
  createHarness,
  mailsSent,
  outboxMailsTo,
  EXE,
  multipart,
  pdf,
  png,
  PNG,
  type Harness,
  type StaffUser,
  type TestFile,
} from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

type Club = Awaited<ReturnType<Harness['club']>>;

const post = (url: string, payload: Record<string, unknown>, token: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: h.bearer(token) });

function upload(
  url: string,
  token: string,
  fields: Record<string, string | number>,
  files: Record<string, TestFile>,
) {
  const body = multipart(fields, files);
  return h.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...h.bearer(token) },
  });
}

/** A club with an application and its uploaded acknowledgement. */
async function applied(withAcknowledgement = true): Promise<{ club: Club; id: number }> {
  const club = await h.club();
  const id = (await h.apply(club)).json().data.id as number;
  if (withAcknowledgement) {
    const res = await upload(
      '/acknowledgement-update.php',
      club.token,
      { id },
      { acknowledgement: pdf('ack.pdf') },
    );
    expect(res.statusCode).toBe(200);
  }
  return { club, id };
}

const decide = (id: number, doc: string, code: 1 | 2, reason = '', token = store.token) =>
  post(
    '/image-status-update.php',
    { id, [`${doc}_status`]: code, [`${doc}_reason`]: reason },
    token,
  );

async function approveAll(id: number) {
  for (const doc of [
    'acknowledgement',
    'chairman_application_certificate',
    'certificate',
    'agreement',
  ]) {
    expect((await decide(id, doc, 1)).statusCode).toBe(200);
  }
}

/**
 * An application whose chairman application was rejected and re-uploaded: the answers of the
 * rejection (naming the first version) and of the re-upload (naming the second).
 */
async function replacedChairmanApplication() {
  const { club, id } = await applied();
  await decide(id, 'acknowledgement', 1);
  const rejected = await decide(id, 'chairman_application_certificate', 2, 'Unsigned');
  const reupload = await upload(
    '/update-images.php',
    club.token,
    { id },
    { chairman_application_certificate: pdf('signed.pdf') },
  );
  expect(reupload.statusCode).toBe(200);
  return { club, id, rejected, reupload };
}

describe('POST /acknowledgement-update.php', () => {
  it('uploads the signed acknowledgement once; again only after a rejection', async () => {
    const { club, id } = await applied(false);
    const first = await upload(
      '/acknowledgement-update.php',
      club.token,
      { id },
      { acknowledgement: png('ack.png') },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: true,
      message: 'Acknowledgement uploaded successfully!',
      data: { acknowledgement_status: '0' },
    });
    expect(first.json().data.acknowledgement).toMatch(/^files\/\d+\/[0-9a-f]{4,16}\.png\?/);

    const before = await h.snapshot();
    const again = await upload(
      '/acknowledgement-update.php',
      club.token,
      { id },
      { acknowledgement: pdf() },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      'The acknowledgement has already been uploaded and is not rejected.',
    );
    expect(await h.snapshot()).toEqual(before);

    await decide(id, 'acknowledgement', 2, 'Stamp missing');
    const filesBefore = await h.storedFiles();
    const retry = await upload(
      '/acknowledgement-update.php',
      club.token,
      { id },
      { acknowledgement: pdf() },
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({
      acknowledgement_status: '0',
      acknowledgement_reason: '',
    });
    // Every version is kept: the new file beside the one it replaced.
    expect(await h.storedFiles()).toEqual(expect.arrayContaining(filesBefore));
    expect((await h.storedFiles()).length).toBe(filesBefore.length + 1);
  });

  it('a decision names the version it saw: one on a replaced document is a 409', async () => {
    const { id, rejected, reupload: again } = await replacedChairmanApplication();
    const file = (res: { json(): { data: Record<string, string> } }) =>
      res.json().data.chairman_application_certificate as string;
    const seen = file(rejected);
    const before = await h.snapshot();
    const stale = await post(
      '/image-status-update.php',
      {
        id,
        chairman_application_certificate_status: 1,
        chairman_application_certificate_file: seen,
      },
      store.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'review.documentChanged',
      message: 'This document was replaced since you opened it. Please review the new version.',
    });
    expect(await h.snapshot()).toEqual(before);
    const current = await post(
      '/image-status-update.php',
      {
        id,
        chairman_application_certificate_status: 1,
        chairman_application_certificate_file: file(again),
      },
      store.token,
    );
    expect(current.statusCode).toBe(200);
    // The earlier version is kept, named in the history and still opens through its link.
    const history = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${id}`,
      headers: h.bearer(admin.token),
    });
    const upload_ = (history.json().data as { action: string; from: string | null }[]).find(
      (entry) => entry.action === 'upload' && entry.from !== null,
    );
    // The list's link names the file by a short prefix of its stored name (file-links.ts).
    const [stem, extension] = (seen.split('?')[0]?.split('/').at(-1) ?? '').split('.');
    expect(upload_?.from).toMatch(new RegExp(`^${stem}[0-9a-f]*\\.${extension}$`));
    const old = await h.app.inject({ method: 'GET', url: `/${seen.replace(/^\//, '')}` });
    expect(old.statusCode).toBe(200);
  });

  it('the history links every version; only a link of that application opens one', async () => {
    const { id } = await replacedChairmanApplication();
    const history = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${id}`,
      headers: h.bearer(admin.token),
    });
    type Entry = {
      action: string;
      item: string;
      from: string | null;
      to: string | null;
      from_link: string | null;
      to_link: string | null;
    };
    const entries = history.json().data as Entry[];
    const signed = new RegExp(`^files/${id}/[0-9a-f]{4,16}\\.pdf\\?expires=\\d+&sig=[\\w-]{22}$`);
    const ack = entries.find(
      (entry) => entry.action === 'upload' && entry.item === 'acknowledgement',
    );
    expect(ack).toMatchObject({
      from: null,
      from_link: null,
      to_link: expect.stringMatching(signed),
    });
    const replaced = entries.find(
      (entry) => entry.action === 'upload' && entry.item === 'chairman_application_certificate',
    ) as Entry;
    expect(replaced.from_link).toMatch(signed);
    expect(replaced.to_link).toMatch(signed);
    // Each link opens exactly its version (the file is served under its stored name).
    for (const [link, name] of [
      [replaced.from_link, replaced.from],
      [replaced.to_link, replaced.to],
    ]) {
      const opened = await h.app.inject({ method: 'GET', url: `/${link}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    }
    for (const entry of entries.filter((e) => e.action !== 'upload')) {
      expect([entry.from_link, entry.to_link]).toEqual([null, null]);
    }
    // Another application's signature opens nothing of this one, nor under its own id.
    const other = await applied();
    const theirs = (await decide(other.id, 'acknowledgement', 1)).json().data
      .acknowledgement as string;
    const [path = '', query = ''] = (replaced.from_link ?? '').split('?');
    const [, theirQuery = ''] = theirs.split('?');
    const name = path.split('/').at(-1);
    for (const [url, status] of [
      [`/${path}?${theirQuery}`, 403],
      [`/files/${other.id}/${name}?${theirQuery}`, 404],
      [`/${path}?${query.replace(/sig=(.)/, (_, c) => `sig=${c === 'A' ? 'B' : 'A'}`)}`, 403],
      [`/${path}`, 403],
    ] as const) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(status);
    }
  });

  it('takes a real document whatever type its browser declared', async () => {
    const { club, id } = await applied(false);
    const res = await upload(
      '/acknowledgement-update.php',
      club.token,
      { id },
      { acknowledgement: { name: 'signed', type: 'application/octet-stream', bytes: PNG } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.acknowledgement).toMatch(/^files\/\d+\/[0-9a-f]{4,16}\.png\?/);
  });

  it.each([
    ['no file', {}, {}, 400, 'Please select a file and ensure application ID is available.'],
    [
      'no id',
      { id: undefined },
      { acknowledgement: pdf() },
      400,
      'Please select a file and ensure application ID is available.',
    ],
    [
      'an exe',
      {},
      { acknowledgement: { name: 'a.pdf', type: 'application/pdf', bytes: EXE } },
      415,
      'Only images (JPEG, PNG, WebP) or PDF files are allowed.',
    ],
  ] as const)(
    'refuses %s and changes nothing',
    async (_label, fieldOverrides, files, code, message) => {
      const { club, id } = await applied(false);
      const fields: Record<string, string | number> = { id };
      if ('id' in fieldOverrides) delete fields.id;
      const before = await h.snapshot();
      const res = await upload(
        '/acknowledgement-update.php',
        club.token,
        fields,
        files as Record<string, TestFile>,
      );
      expect(res.statusCode).toBe(code);
      expect(res.json().message).toBe(message);
      expect(await h.snapshot()).toEqual(before);
    },
  );

  it('another club’s application is a 403; unknown id 404; staff refused', async () => {
    const { id } = await applied(false);
    const intruder = await h.club();
    const before = await h.snapshot();
    const res = await upload(
      '/acknowledgement-update.php',
      intruder.token,
      { id },
      { acknowledgement: pdf() },
    );
    expect(res.statusCode).toBe(403);
    const missing = await upload(
      '/acknowledgement-update.php',
      intruder.token,
      { id: 999999 },
      { acknowledgement: pdf() },
    );
    expect(missing.statusCode).toBe(404);
    const staff = await upload(
      '/acknowledgement-update.php',
      admin.token,
      { id },
      { acknowledgement: pdf() },
    );
    expect(staff.statusCode).toBe(403);
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('POST /image-status-update.php', () => {
  it('decides documents in review order, recording who and why', async () => {
    const { id } = await applied();
    const res = await decide(id, 'acknowledgement', 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Document approved successfully!',
      data: { acknowledgement_status: '1', acknowledgement_reason: '' },
    });
    const rejected = await decide(
      id,
      'chairman_application_certificate',
      2,
      '  Unsigned  ',
      admin.token,
    );
    expect(rejected.json()).toMatchObject({
      message: 'Document rejected successfully!',
      data: {
        chairman_application_certificate_status: '2',
        chairman_application_certificate_reason: 'Unsigned',
      },
    });
    const history = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${id}`,
      headers: h.bearer(admin.token),
    });
    expect(history.json().data.slice(-2)).toEqual([
      expect.objectContaining({
        action: 'approve',
        item: 'acknowledgement',
        from: 'Pending',
        to: 'Approved',
      }),
      expect.objectContaining({
        action: 'reject',
        item: 'chairman_application_certificate',
        role: 'admin',
        user_id: admin.id,
        from: 'Pending',
        to: 'Rejected',
        reason: 'Unsigned',
      }),
    ]);
  });

  it('accepts the old load_agreement_status spelling', async () => {
    const { id } = await applied();
    for (const doc of ['acknowledgement', 'chairman_application_certificate', 'certificate'])
      await decide(id, doc, 1);
    const res = await post(
      '/image-status-update.php',
      { id, load_agreement_status: '1' },
      store.token,
    );
    expect(res.json().data.agreement_status).toBe('1');
  });

  const nothing = async () => undefined;
  it.each([
    [
      'a step before the previous one is approved',
      nothing,
      (id: number) => decide(id, 'certificate', 1),
      422,
      'The previous document must be approved first.',
    ],
    [
      'an already decided step',
      (id: number) => decide(id, 'acknowledgement', 1),
      (id: number) => decide(id, 'acknowledgement', 2, 'late'),
      422,
      'This document has already been reviewed.',
    ],
    [
      'a rejection without reason',
      nothing,
      (id: number) => decide(id, 'acknowledgement', 2, '   '),
      400,
      'Please provide a rejection reason.',
    ],
    [
      'a reason longer than the domain allows',
      nothing,
      (id: number) => decide(id, 'acknowledgement', 2, 'x'.repeat(5000)),
      400,
      'A field is too long.',
    ],
    [
      'an unknown code',
      nothing,
      (id: number) => decide(id, 'acknowledgement', 7 as 1),
      400,
      'The request is not valid.',
    ],
    [
      'no document field',
      nothing,
      (id: number) => post('/image-status-update.php', { id }, store.token),
      400,
      'The request is not valid.',
    ],
    [
      'two document fields',
      nothing,
      (id: number) =>
        post(
          '/image-status-update.php',
          { id, certificate_status: 1, agreement_status: 1 },
          store.token,
        ),
      400,
      'The request is not valid.',
    ],
  ] as const)('refuses %s and changes nothing', async (_label, prepare, act, code, message) => {
    const { id } = await applied();
    await prepare(id);
    const before = await h.snapshot();
    const res = await act(id);
    expect(res.statusCode).toBe(code);
    expect(res.json().message).toBe(message);
    expect(await h.snapshot()).toEqual(before);
  });

  it('a document not uploaded yet cannot be decided', async () => {
    const { id } = await applied(false);
    const before = await h.snapshot();
    const res = await decide(id, 'acknowledgement', 1);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This document has not been uploaded yet.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('chairman and clubs cannot decide documents; unknown id is 404', async () => {
    const { club, id } = await applied();
    const before = await h.snapshot();
    expect((await decide(id, 'acknowledgement', 1, '', chairman.token)).statusCode).toBe(403);
    expect((await decide(id, 'acknowledgement', 1, '', club.token)).statusCode).toBe(403);
    expect((await decide(999999, 'acknowledgement', 1)).statusCode).toBe(404);
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('POST /update-images.php', () => {
  it('re-uploads a rejected document: back to Pending, reason cleared', async () => {
    const { club, id } = await applied();
    await decide(id, 'acknowledgement', 1);
    await decide(id, 'chairman_application_certificate', 1);
    await decide(id, 'certificate', 2, 'Wrong year');
    const res = await upload(
      '/update-images.php',
      club.token,
      { id },
      { certificate_image: png('sdo.png') },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'File uploaded successfully! Awaiting review.',
      data: { certificate_status: '0', certificate_reason: '' },
    });
    expect(res.json().data.certificate_image).toMatch(/\.png\?/);
  });

  it('refuses a document that is not rejected, and a second file, and no file', async () => {
    const { club, id } = await applied();
    const before = await h.snapshot();
    const pending = await upload(
      '/update-images.php',
      club.token,
      { id },
      { load_agreement_image: pdf() },
    );
    expect(pending.statusCode).toBe(422);
    expect(pending.json().message).toBe('Only a rejected document can be uploaded again.');
    const none = await upload('/update-images.php', club.token, { id }, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a file first.');
    const two = await upload(
      '/update-images.php',
      club.token,
      { id },
      { load_agreement_image: pdf(), certificate_image: pdf() },
    );
    // More documents than the call carries: refused before the second one is read.
    expect(two.statusCode).toBe(413);
    expect(two.json().message).toBe('The upload is too large.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('another club cannot re-upload; a disguised file is refused', async () => {
    const { club, id } = await applied();
    await decide(id, 'acknowledgement', 2, 'Blurred');
    const intruder = await h.club();
    const before = await h.snapshot();
    expect(
      (await upload('/update-images.php', intruder.token, { id }, { acknowledgement: pdf() }))
        .statusCode,
    ).toBe(403);
    const exe = await upload(
      '/update-images.php',
      club.token,
      { id },
      { acknowledgement: { name: 'x.png', type: 'image/png', bytes: EXE } },
    );
    expect(exe.statusCode).toBe(415);
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('POST /update-chairman-status.php', () => {
  it('needs every document approved', async () => {
    const { id } = await applied();
    await decide(id, 'acknowledgement', 1);
    const before = await h.snapshot();
    const res = await post(
      '/update-chairman-status.php',
      { id, chairman_status: 1, chairman_reason: '' },
      chairman.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'All documents must be approved before the final review can be conducted.',
    );
    expect(await h.snapshot()).toEqual(before);
  });

  it('approval records chairman_approved_date and is not taken twice', async () => {
    const { id } = await applied();
    await approveAll(id);
    const res = await post(
      '/update-chairman-status.php',
      { id, chairman_status: '1', chairman_reason: '' },
      chairman.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Decision submitted successfully!');
    const data = res.json().data;
    expect(data.chairman_status).toBe('1');
    expect(Date.now() - Date.parse(data.chairman_approved_date)).toBeLessThan(60_000);
    const before = await h.snapshot();
    const again = await post(
      '/update-chairman-status.php',
      { id, chairman_status: 1, chairman_reason: '' },
      admin.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'final.alreadyDecided',
      message: 'The final decision has already been made.',
    });
    expect(await h.snapshot()).toEqual(before);
    const stats = await h.app.inject({
      method: 'GET',
      url: '/dashboard.php',
      headers: h.bearer(admin.token),
    });
    expect(Number(stats.json().data.total_approved)).toBeGreaterThanOrEqual(1);
  });

  it('a rejection needs a reason and leaves no approval date', async () => {
    const { id } = await applied();
    await approveAll(id);
    const blank = await post(
      '/update-chairman-status.php',
      { id, chairman_status: 2, chairman_reason: ' ' },
      admin.token,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please provide a rejection reason.');
    const before = await h.snapshot();
    const long = await post(
      '/update-chairman-status.php',
      { id, chairman_status: 1, chairman_reason: 'x'.repeat(5000) },
      admin.token,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A field is too long.');
    expect(await h.snapshot()).toEqual(before);
    const res = await post(
      '/update-chairman-status.php',
      { id, chairman_status: 2, chairman_reason: 'Road blocked' },
      admin.token,
    );
    expect(res.json().data).toMatchObject({
      chairman_status: '2',
      chairman_reason: 'Road blocked',
      chairman_approved_date: null,
    });
  });

  it('store and clubs cannot decide; bad codes are 400', async () => {
    const { club, id } = await applied();
    await approveAll(id);
    const before = await h.snapshot();
    expect(
      (await post('/update-chairman-status.php', { id, chairman_status: 1 }, store.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/update-chairman-status.php', { id, chairman_status: 1 }, club.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/update-chairman-status.php', { id, chairman_status: 'yes' }, admin.token))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/update-chairman-status.php', { id: 'x', chairman_status: 1 }, admin.token))
        .statusCode,
    ).toBe(400);
    expect(await h.snapshot()).toEqual(before);
  });

  it('names the versions the chairman saw: a document replaced since is a 409', async () => {
    const { id, rejected, reupload } = await replacedChairmanApplication();
    const shown = rejected.json().data as Record<string, string>;
    for (const doc of ['chairman_application_certificate', 'certificate', 'agreement']) {
      expect((await decide(id, doc, 1)).statusCode).toBe(200);
    }
    // The chairman's screen loaded before the re-upload: it names the replaced file.
    const seen = {
      acknowledgement_file: shown.acknowledgement,
      chairman_application_certificate_file: shown.chairman_application_certificate,
      certificate_file: shown.certificate_image,
      agreement_file: shown.load_agreement_image,
    };
    const before = await h.snapshot();
    const stale = await post(
      '/update-chairman-status.php',
      { id, chairman_status: 1, ...seen },
      chairman.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'final.documentChanged',
      message:
        'A document of this application was replaced since you opened it. Please review the new version.',
    });
    expect(await h.snapshot()).toEqual(before);
    // Named as the list shows it now, the decision goes through.
    const current = reupload.json().data as Record<string, string>;
    const fresh = await post(
      '/update-chairman-status.php',
      {
        id,
        chairman_status: 1,
        ...seen,
        chairman_application_certificate_file: current.chairman_application_certificate,
      },
      chairman.token,
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.chairman_status).toBe('1');
  });

  it('concurrent identical final decisions: exactly one wins', async () => {
    const { id } = await applied();
    await approveAll(id);
    const results = await Promise.all([
      post('/update-chairman-status.php', { id, chairman_status: 1 }, chairman.token),
      post('/update-chairman-status.php', { id, chairman_status: 1 }, admin.token),
      post('/update-chairman-status.php', { id, chairman_status: 1 }, admin.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('8 concurrent conflicting final decisions (4 approve, 4 reject): one wins, 7 get 409, one mail, the code verifies (issue 19)', async () => {
    const { club, id } = await applied();
    await approveAll(id);
    await mailsSent(h);
    const mailsBefore = (await outboxMailsTo(h, club.email)).length;
    const auditBefore = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, id)));
    const results = await Promise.all(
      [1, 2, 1, 2, 1, 2, 1, 2].map((code, i) =>
        post(
          '/update-chairman-status.php',
          { id, chairman_status: code, chairman_reason: code === 2 ? `Reason ${i}` : '' },
          i % 3 === 0 ? admin.token : chairman.token,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const keys = new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().code));
    for (const key of keys)
      expect(['final.alreadyDecided', 'final.decisionChanged']).toContain(key);
    const winner = results.find((r) => r.statusCode === 200)!.json().data as Record<string, string>;
    // One decision in the history, one mail.
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, id)));
    expect(audit.length - auditBefore.length).toBe(1);
    const mails = (await outboxMailsTo(h, club.email)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const row = await applicationRow(h, id);
    expect(row?.chairmanStatus).toBe(winner.chairman_status);
    if (winner.chairman_status === '1') {
      expect(mails[0]?.kind).toBe('nocIssued');
      const verify = await h.app.inject({
        method: 'GET',
        url: `/verify-noc.php?code=${row?.verificationCode ?? ''}`,
      });
      expect(verify.json().data).toMatchObject({ valid: true });
    } else {
      expect(mails[0]?.kind).toBe('finalRejected');
      expect(row?.verificationCode).toBeNull();
    }
  });

  it('changing a given decision names the status it replaces; a wrong or missing name is a 409 that changes nothing', async () => {
    const { id } = await applied();
    await approveAll(id);
    const approve = { id, chairman_status: 1 };
    expect((await post('/update-chairman-status.php', approve, chairman.token)).statusCode).toBe(
      200,
    );
    const withdraw = { id, chairman_status: 2, chairman_reason: 'Forged deed' };
    const before = await h.snapshot();
    for (const named of [undefined, '0', '2']) {
      const res = await post(
        '/update-chairman-status.php',
        named === undefined ? withdraw : { ...withdraw, previous_chairman_status: named },
        chairman.token,
      );
      expect(res.statusCode, String(named)).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'final.decisionChanged',
        message: formatMessage('final.decisionChanged'),
      });
    }
    const bad = await post(
      '/update-chairman-status.php',
      { ...withdraw, previous_chairman_status: 'approved' },
      chairman.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(await h.snapshot()).toEqual(before);
    const named = await post(
      '/update-chairman-status.php',
      { ...withdraw, previous_chairman_status: '1' },
      chairman.token,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toMatchObject({ chairman_status: '2', verification_code: null });
    const reapproved = await post(
      '/update-chairman-status.php',
      { ...approve, previous_chairman_status: 2 },
      chairman.token,
    );
    expect(reapproved.statusCode).toBe(200);
  });
});
