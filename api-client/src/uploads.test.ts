import { APPLICATION_FILE_FIELDS } from '@puja/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyForNoc, uploadAcknowledgement } from './applications';
import { configureApi } from './config';
import { reuploadDocument } from './reviews';
import { sessionStore } from './session-store';
import { connectionRefused, json, stubFetch } from './test-support/fake-fetch';
import { applyFields } from './test-support/samples';
import {
  resumableUploadsSupported,
  uploadHeaders,
  uploadRefusalKey,
  uploadsEndpoint,
} from './uploads';

const tusAnswer = () =>
  new Response(null, { status: 204, headers: { 'Tus-Version': '1.0.0', 'Tus-Max-Size': '10' } });

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});

describe('resumableUploadsSupported', () => {
  it('asks the host once with OPTIONS /uploads/ and remembers a tus answer', async () => {
    const calls = stubFetch(tusAnswer);
    await expect(resumableUploadsSupported()).resolves.toBe(true);
    await expect(resumableUploadsSupported()).resolves.toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('OPTIONS');
    expect(calls[0]?.url.toString()).toBe('http://api.test/uploads/');
  });

  it.each([
    ['a PHP host answering 404', () => json(404, { status: false })],
    ['an answer without a tus version', () => new Response(null, { status: 204 })],
    ['no answer at all', () => connectionRefused()],
  ])('says no for %s', async (_name, reply) => {
    stubFetch(reply);
    await expect(resumableUploadsSupported()).resolves.toBe(false);
  });

  it('follows config.json when it says on or off, without asking', async () => {
    const calls = stubFetch(tusAnswer);
    configureApi({ baseUrl: 'http://api.test', resumableUploads: 'off' });
    await expect(resumableUploadsSupported()).resolves.toBe(false);
    configureApi({ baseUrl: 'http://api.test', resumableUploads: 'on' });
    await expect(resumableUploadsSupported()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('asks again after the configuration changes', async () => {
    const calls = stubFetch((_call, index) => (index === 0 ? json(404, {}) : tusAnswer()));
    await expect(resumableUploadsSupported()).resolves.toBe(false);
    configureApi({ baseUrl: 'http://other.test' });
    await expect(resumableUploadsSupported()).resolves.toBe(true);
    expect(calls[1]?.url.toString()).toBe('http://other.test/uploads/');
  });
});

describe('upload requests', () => {
  it('go to <base>/uploads/ with the bearer token and the language', () => {
    expect(uploadsEndpoint()).toBe('http://api.test/uploads/');
    sessionStore.getState().clearSession();
    expect(uploadHeaders()).not.toHaveProperty('Authorization');
    sessionStore.getState().setSession({
      role: 'club',
      id: 1,
      club_id: 3,
      clubname: 'Sree Sangha',
      email: 'a@b.in',
      token: 'tok',
    } as never);
    expect(uploadHeaders()).toMatchObject({ Authorization: 'Bearer tok' });
    sessionStore.getState().clearSession();
  });

  it('read a refusal by its code, else by its status', () => {
    const body = JSON.stringify({ success: false, code: 'validation.fileType' });
    expect(uploadRefusalKey(415, body, 'applyNoc.failed')).toBe('validation.fileType');
    expect(uploadRefusalKey(413, 'Maximum size exceeded\n', 'applyNoc.failed')).toBe(
      'validation.fileTooLarge',
    );
    expect(uploadRefusalKey(410, '', 'applyNoc.failed')).toBe('upload.notFound');
    expect(uploadRefusalKey(500, 'oops', 'applyNoc.failed')).toBe('applyNoc.failed');
  });
});

describe('calls that name uploads by id', () => {
  it('apply with the text fields and <field>_upload ids, no file', async () => {
    const calls = stubFetch(() => json(201, { success: true, status: true, data: { id: '7' } }));
    const uploads = Object.fromEntries(
      APPLICATION_FILE_FIELDS.map((field, i) => [field, { upload: `${i}`.repeat(32) }]),
    ) as Record<(typeof APPLICATION_FILE_FIELDS)[number], { upload: string }>;
    const result = await applyForNoc({ club_id: 3, fields: applyFields, files: uploads });
    const body = JSON.parse(calls[0]?.body ?? '{}') as Record<string, unknown>;
    expect(calls[0]?.headers.get('content-type')).toContain('application/json');
    expect(body).toMatchObject({ club_id: 3, ward_no: 4, puja_budget_upload: '4'.repeat(32) });
    expect(result.messageKey).toBe('applyNoc.success');
  });

  it('upload the acknowledgement and a re-upload by id', async () => {
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await uploadAcknowledgement({ id: 7, file: { upload: 'a'.repeat(32) } });
    await reuploadDocument({ id: 7, doc: 'certificate', file: { upload: 'b'.repeat(32) } });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 7,
      acknowledgement_upload: 'a'.repeat(32),
    });
    expect(calls[1]?.url.pathname).toBe('/update-images.php');
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({
      id: 7,
      certificate_image_upload: 'b'.repeat(32),
    });
  });

  it('fail with the server message when an upload is refused', async () => {
    stubFetch(() => json(404, { success: false, status: false, code: 'upload.notFound' }));
    await expect(
      uploadAcknowledgement({ id: 7, file: { upload: 'a'.repeat(32) } }),
    ).rejects.toMatchObject({ messageKey: 'upload.notFound' });
  });
});
