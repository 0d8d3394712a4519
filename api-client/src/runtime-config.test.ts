import { describe, expect, it } from 'vitest';
import { getApiConfig } from './config';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

function answering(status: number, body: string): typeof fetch {
  return (async () => new Response(body, { status })) as typeof fetch;
}

describe('loadRuntimeConfig', () => {
  it('reads config.json and points the client at its API address', async () => {
    const config = await loadRuntimeConfig(
      'config.json',
      answering(200, '{"apiBaseUrl":"https://noc.example.gov.in/api/","municipality":"Bally"}'),
    );
    expect(config).toEqual({
      apiBaseUrl: 'https://noc.example.gov.in/api/',
      filesBaseUrl: 'https://noc.example.gov.in/api/',
      municipality: 'Bally',
      contact: { name: 'Bally' },
      bodyEncoding: 'json',
      tutorialVideoUrl: undefined,
      clubPortalUrl: undefined,
      pujaStartDate: undefined,
    });
    expect(getApiConfig().baseUrl).toBe('https://noc.example.gov.in/api/');
  });

  it('takes resumableUploads as an override of the question to the host', async () => {
    await loadRuntimeConfig(
      'config.json',
      answering(200, '{"apiBaseUrl":"https://a.in","municipality":"B","resumableUploads":false}'),
    );
    expect(getApiConfig().resumableUploads).toBe('off');
    await loadRuntimeConfig(
      'config.json',
      answering(200, '{"apiBaseUrl":"https://a.in","municipality":"B"}'),
    );
    expect(getApiConfig().resumableUploads).toBe('auto');
    await expect(
      loadRuntimeConfig(
        'config.json',
        answering(200, '{"apiBaseUrl":"https://a.in","municipality":"B","resumableUploads":"yes"}'),
      ),
    ).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('says the file is missing when the host answers 404 or cannot be reached', async () => {
    await expect(loadRuntimeConfig('config.json', answering(404, 'no'))).rejects.toMatchObject({
      reason: 'missing',
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(loadRuntimeConfig('config.json', offline)).rejects.toBeInstanceOf(
      RuntimeConfigError,
    );
  });

  it('says the file is invalid when it is not JSON (an HTML fallback page, say)', async () => {
    await expect(
      loadRuntimeConfig('config.json', answering(200, '<!doctype html><html>')),
    ).rejects.toMatchObject({ reason: 'invalid', problem: 'it is not JSON' });
  });
});

describe('parseRuntimeConfig', () => {
  it('names the field that is wrong', () => {
    expect(() => parseRuntimeConfig({ municipality: 'Bally' })).toThrow(
      'apiBaseUrl is missing or of the wrong type',
    );
    expect(() => parseRuntimeConfig({ apiBaseUrl: 'localhost:8080', municipality: 'B' })).toThrow(
      'apiBaseUrl must be an http(s) address',
    );
    expect(() => parseRuntimeConfig({ apiBaseUrl: 'http://h', municipality: '  ' })).toThrow(
      'municipality must not be empty',
    );
  });

  it('keeps a separate files address and form bodies for a PHP host', () => {
    expect(
      parseRuntimeConfig({
        apiBaseUrl: 'https://h/api/',
        filesBaseUrl: 'https://h/',
        municipality: 'Bally',
        bodyEncoding: 'form',
      }),
    ).toMatchObject({ filesBaseUrl: 'https://h/', bodyEncoding: 'form' });
  });

  it('keeps a tutorial video address for the club registration, and refuses one that is not http(s)', () => {
    const base = { apiBaseUrl: 'https://h/api/', municipality: 'Bally' };
    expect(
      parseRuntimeConfig({ ...base, tutorialVideoUrl: 'https://video.example/noc' }),
    ).toMatchObject({ tutorialVideoUrl: 'https://video.example/noc' });
    expect(() => parseRuntimeConfig({ ...base, tutorialVideoUrl: 'javascript:alert(1)' })).toThrow(
      'tutorialVideoUrl must be an http(s) address',
    );
  });

  it('keeps the club portal address the certificate QR code leads to, and refuses one that is not http(s)', () => {
    const base = { apiBaseUrl: 'https://h/api/', municipality: 'Bally' };
    expect(
      parseRuntimeConfig({ ...base, clubPortalUrl: 'https://noc.example.gov.in' }),
    ).toMatchObject({ clubPortalUrl: 'https://noc.example.gov.in' });
    expect(() => parseRuntimeConfig({ ...base, clubPortalUrl: 'noc.example.gov.in' })).toThrow(
      'clubPortalUrl must be an http(s) address',
    );
  });

  it('keeps the puja start date for the club clock, and refuses one that is no YYYY-MM-DD day', () => {
    const base = { apiBaseUrl: 'https://h/api/', municipality: 'Bally' };
    expect(parseRuntimeConfig({ ...base, pujaStartDate: '2027-10-10' })).toMatchObject({
      pujaStartDate: '2027-10-10',
    });
    for (const bad of ['10/10/2027', '2027-02-30', 2027]) {
      expect(() => parseRuntimeConfig({ ...base, pujaStartDate: bad })).toThrow(RuntimeConfigError);
    }
    expect(() => parseRuntimeConfig({ ...base, pujaStartDate: '2027-02-30' })).toThrow(
      'pujaStartDate must be a date written YYYY-MM-DD',
    );
  });

  it("keeps the municipality's contact (each detail optional), and refuses an e-mail that is none", () => {
    const base = { apiBaseUrl: 'https://h/api/', municipality: 'Bally' };
    expect(parseRuntimeConfig(base).contact).toEqual({ name: 'Bally' });
    const contact = {
      office: ' Puja Cell, Town Hall ',
      phone: '033 2654 0000',
      email: 'puja@bally.gov.in',
      hours: 'Mon–Fri 10:30–17:00',
    };
    expect(parseRuntimeConfig({ ...base, contact }).contact).toEqual({
      name: 'Bally',
      ...contact,
      office: 'Puja Cell, Town Hall',
    });
    expect(() => parseRuntimeConfig({ ...base, contact: { email: 'puja at bally' } })).toThrow(
      'contact.email must be an e-mail address',
    );
  });
});
