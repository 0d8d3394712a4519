import { describe, expect, it } from 'vitest';
import {
  configureApi,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPLOAD_TIMEOUT_MS,
  documentUrl,
  getApiConfig,
} from './config';

describe('configureApi', () => {
  it('defaults the files base to the API base, JSON bodies and the default timeout', () => {
    expect(configureApi({ baseUrl: ' https://noc.example.org/api/ ' })).toEqual({
      baseUrl: 'https://noc.example.org/api/',
      filesBaseUrl: 'https://noc.example.org/api/',
      bodyEncoding: 'json',
      timeoutMs: DEFAULT_TIMEOUT_MS,
      uploadTimeoutMs: DEFAULT_UPLOAD_TIMEOUT_MS,
      resumableUploads: 'auto',
    });
    expect(getApiConfig().baseUrl).toBe('https://noc.example.org/api/');
  });

  it.each([
    [{ baseUrl: '' }],
    [{ baseUrl: 'http://h/', timeoutMs: 0 }],
    [{ baseUrl: 'http://h/', uploadTimeoutMs: 1.5 }],
    [{ baseUrl: 'http://h/', bodyEncoding: 'xml' as 'json' }],
  ])('refuses a configuration it cannot use (%#)', (input) => {
    expect(() => configureApi(input)).toThrow(TypeError);
  });
});

describe('documentUrl', () => {
  it('opens a document at the files base plus its path, with one slash between', () => {
    configureApi({ baseUrl: 'https://api.example.org', filesBaseUrl: 'https://docs.example.org/' });
    expect(documentUrl('files/ab.pdf?expires=1&sig=f0')).toBe(
      'https://docs.example.org/files/ab.pdf?expires=1&sig=f0',
    );
    expect(documentUrl('/uploads/x.png')).toBe('https://docs.example.org/uploads/x.png');
  });

  it('leaves an absolute address alone', () => {
    configureApi({ baseUrl: 'https://api.example.org' });
    expect(documentUrl('https://cdn.example.org/x.pdf')).toBe('https://cdn.example.org/x.pdf');
  });
});
