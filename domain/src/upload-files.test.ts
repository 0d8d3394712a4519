import { describe, expect, it } from 'vitest';
import { formatMessage, loadCatalogue } from './messages';
import { fileSizeMessage } from './upload-files';

describe('fileSizeMessage', () => {
  const shown = (bytes: number, locale: 'en' | 'bn' = 'en') => {
    const { key, params } = fileSizeMessage(bytes);
    return formatMessage(key, params, locale);
  };

  it.each([
    [1_572_864, '1.5 MB'],
    [1024 * 1024, '1.0 MB'],
    [1024 * 1024 - 1, '1024 KB'],
    [2048, '2 KB'],
    [10, '1 KB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(shown(bytes)).toBe(text);
  });

  it('names the unit in Bengali and keeps the figure as written', async () => {
    await loadCatalogue('bn');
    expect(shown(1_572_864, 'bn')).toBe('1.5 এমবি');
    expect(shown(2048, 'bn')).toBe('2 কেবি');
  });
});
