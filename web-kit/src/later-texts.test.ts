import { formatMessage } from '@puja/domain';
import { describe, expect, it } from 'vitest';
import { laterTextsFor } from './later-texts';

describe('laterTextsFor', () => {
  it('lets the login page show at once and makes every other screen wait for its texts', async () => {
    expect(laterTextsFor('/admin/login', '/admin/login')).toBeUndefined();
    await laterTextsFor('/admin/seasons', '/admin/login');
    expect(formatMessage('seasons.title')).toBe('Seasons');
  });
});
