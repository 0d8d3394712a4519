import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import { decideFinal, reuploadDocument, updateDocumentStatus } from './reviews';
import { json, stubFetch } from './test-support/fake-fetch';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});

const answer = { success: true, status: true, data: { id: 7, certificate_status: '2' } };

describe('updateDocumentStatus', () => {
  it('approves with <doc>_status 1 and no reason', async () => {
    const calls = stubFetch(() => json(200, answer));
    const result = await updateDocumentStatus({
      id: 7,
      doc: 'acknowledgement',
      decision: 'approve',
    });
    expect(calls[0]?.url.pathname).toBe('/image-status-update.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 7, acknowledgement_status: '1' });
    expect(result.message).toBe('Document approved successfully!');
  });

  it('rejects with <doc>_status 2 and <doc>_reason', async () => {
    const calls = stubFetch(() => json(200, answer));
    const result = await updateDocumentStatus({
      id: 7,
      doc: 'certificate',
      decision: 'reject',
      reason: 'Blurred',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 7,
      certificate_status: '2',
      certificate_reason: 'Blurred',
    });
    expect(result).toMatchObject({
      message: 'Document rejected successfully!',
      application: { id: 7, certificate_status: 'Rejected' },
    });
  });

  it('sends the agreement under agreement_status, urlencoded for a form host', async () => {
    configureApi({ baseUrl: 'http://api.test/', bodyEncoding: 'form' });
    const calls = stubFetch(() => json(200, answer));
    await updateDocumentStatus({ id: 7, doc: 'agreement', decision: 'reject', reason: 'No seal' });
    expect(calls[0]?.body).toBe('id=7&agreement_status=2&agreement_reason=No+seal');
  });

  it('falls back to "Approval failed." or "Rejection failed."', async () => {
    stubFetch(() => json(422, { success: false, status: false }));
    await expect(
      updateDocumentStatus({ id: 7, doc: 'certificate', decision: 'approve' }),
    ).rejects.toMatchObject({ status: 422, message: 'Approval failed.' });
    await expect(
      updateDocumentStatus({ id: 7, doc: 'certificate', decision: 'reject', reason: 'x' }),
    ).rejects.toMatchObject({ message: 'Rejection failed.' });
  });
});

describe('reuploadDocument', () => {
  it.each([
    ['acknowledgement', 'acknowledgement'],
    ['chairman_application_certificate', 'chairman_application_certificate'],
    ['certificate', 'certificate_image'],
    ['agreement', 'load_agreement_image'],
  ] as const)('sends the %s file under %s', async (doc, key) => {
    const calls = stubFetch(() => json(200, answer));
    const result = await reuploadDocument({ id: 7, doc, file: new File(['x'], 'new.pdf') });
    expect(calls[0]?.url.pathname).toBe('/update-images.php');
    expect(calls[0]?.form?.get('id')).toBe('7');
    expect((calls[0]?.form?.get(key) as File).name).toBe('new.pdf');
    expect(result.message).toBe('File uploaded successfully! Awaiting review.');
  });

  it('falls back to "Upload failed. Please try again."', async () => {
    stubFetch(() => json(415, { success: false }));
    await expect(
      reuploadDocument({ id: 7, doc: 'certificate', file: new Blob(['x']) }),
    ).rejects.toMatchObject({ status: 415, message: 'Upload failed. Please try again.' });
  });
});

describe('decideFinal', () => {
  it('sends chairman_status 1 or 2 with the reason', async () => {
    const calls = stubFetch(() => json(200, answer));
    await decideFinal({ id: 7, decision: 'approve' });
    await decideFinal({ id: 7, decision: 'reject', reason: 'Road blocked' });
    expect(calls.map((call) => JSON.parse(call.body) as unknown)).toEqual([
      { id: 7, chairman_status: '1', chairman_reason: '' },
      { id: 7, chairman_status: '2', chairman_reason: 'Road blocked' },
    ]);
  });

  it('names the decision it replaces as previous_chairman_status', async () => {
    const calls = stubFetch(() => json(200, answer));
    await decideFinal({ id: 7, decision: 'reject', reason: 'Forged', replaces: 'Approved' });
    await decideFinal({ id: 7, decision: 'approve', replaces: 'Pending' });
    expect(calls.map((call) => JSON.parse(call.body) as unknown)).toEqual([
      { id: 7, chairman_status: '2', chairman_reason: 'Forged', previous_chairman_status: '1' },
      { id: 7, chairman_status: '1', chairman_reason: '', previous_chairman_status: '0' },
    ]);
  });

  it('resolves to "Decision submitted successfully!" and falls back to "Submission failed."', async () => {
    stubFetch(() => json(200, answer));
    await expect(decideFinal({ id: 7, decision: 'approve' })).resolves.toMatchObject({
      message: 'Decision submitted successfully!',
    });
    stubFetch(() => json(422, { success: false }));
    await expect(decideFinal({ id: 7, decision: 'approve' })).rejects.toMatchObject({
      message: 'Submission failed.',
    });
  });
});

describe('the version a decision saw', () => {
  it('sends the document path the reviewer opened, and reads a 409 by its key', async () => {
    const calls = stubFetch(() =>
      json(409, {
        success: false,
        status: false,
        message: 'This document was replaced since you opened it. Please review the new version.',
        code: 'review.documentChanged',
      }),
    );
    await expect(
      updateDocumentStatus({
        id: 7,
        doc: 'certificate',
        decision: 'approve',
        file: 'files/7/old.pdf?sig=x',
      }),
    ).rejects.toMatchObject({ status: 409, messageKey: 'review.documentChanged' });
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({
      id: 7,
      certificate_status: '1',
      certificate_file: 'files/7/old.pdf?sig=x',
    });
  });
  it('a final decision sends every document version shown, and reads a 409 by its key', async () => {
    const calls = stubFetch(() =>
      json(409, {
        success: false,
        status: false,
        message:
          'A document of this application was replaced since you opened it. Please review the new version.',
        code: 'final.documentChanged',
      }),
    );
    await expect(
      decideFinal({
        id: 7,
        decision: 'approve',
        files: { acknowledgement: 'files/7/a1.pdf?sig=x', agreement: 'files/7/c3.pdf?sig=x' },
      }),
    ).rejects.toMatchObject({ status: 409, messageKey: 'final.documentChanged' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 7,
      chairman_status: '1',
      chairman_reason: '',
      acknowledgement_file: 'files/7/a1.pdf?sig=x',
      agreement_file: 'files/7/c3.pdf?sig=x',
    });
  });
});
