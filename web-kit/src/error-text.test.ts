import { ApiError } from '@puja/api-client';
import { describe, expect, it } from 'vitest';
import { errorText, outcomeText } from './error-text';

describe('errorText', () => {
  it("shows the catalogue's text for the key the server named", () => {
    const error = new ApiError('refused', 'whatever the host said', {
      messageKey: 'clubs.deleteInUse',
    });
    expect(errorText(error, 'clubs.deleteFailed')).toBe(
      'This club has an account or an application and cannot be deleted. Deactivate it instead.',
    );
  });

  it("shows the server's own text when its key needs values only the server has", () => {
    const error = new ApiError('refused', 'Welcome, Sree Sangha', {
      messageKey: 'clubDashboard.welcome',
    });
    expect(errorText(error, 'login.failed')).toBe('Welcome, Sree Sangha');
  });

  it("shows the server's own text when it named no key", () => {
    expect(errorText(new ApiError('refused', 'Club is inactive'), 'login.failed')).toBe(
      'Club is inactive',
    );
  });

  it("falls back on the screen's text for an empty message or anything not from the server", () => {
    expect(errorText(new ApiError('network', '  '), 'login.failed')).toBe('Login failed.');
    expect(errorText(new Error('boom'), 'login.failed')).toBe('Login failed.');
  });
});

describe('outcomeText', () => {
  it("shows the catalogue's text for the answer's key, else the server's message", () => {
    expect(outcomeText({ message: 'ok', messageKey: 'login.success' })).toBe('Login successful!');
    expect(outcomeText({ message: 'Done by the host', messageKey: undefined })).toBe(
      'Done by the host',
    );
  });
});
