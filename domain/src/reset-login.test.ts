import { describe, expect, it } from 'vitest';
import { resetLoginOf } from './reset-login';

describe('who asks for a new password', () => {
  it.each([
    ['9830012345', { kind: 'mobile', mobile: '9830012345' }],
    ['+91 98300-12345', { kind: 'mobile', mobile: '9830012345' }],
    ['09830012345', { kind: 'mobile', mobile: '9830012345' }],
    [' Club@Example.ORG ', { kind: 'email', email: 'club@example.org' }],
    // Digits with an @ are an address; a landline or a short number is no mobile.
    ['9830012345@example.org', { kind: 'email', email: '9830012345@example.org' }],
    ['033 2345 6789', { kind: 'email', email: '033 2345 6789' }],
    ['12345', { kind: 'email', email: '12345' }],
  ])('%s', (value, login) => {
    expect(resetLoginOf(value)).toEqual(login);
  });
});
