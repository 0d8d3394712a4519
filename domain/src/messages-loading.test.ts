import { describe, expect, it } from 'vitest';
import { formatMessage, loadCatalogue } from './messages';

// Its own file (its own module instance): no other test has loaded the Bengali table yet.
describe('loading the Bengali catalogue on demand', () => {
  it('shows English until the Bengali table is loaded, then Bengali', async () => {
    expect(formatMessage('nav.logout', {}, 'bn')).toBe('Logout');
    await loadCatalogue('bn');
    expect(formatMessage('nav.logout', {}, 'bn')).toBe('লগআউট');
    expect(formatMessage('nav.logout')).toBe('Logout');
  });
});
