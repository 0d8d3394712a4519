import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigErrorPage } from './config-error-page';

describe('the page shown without a usable config.json', () => {
  it('says the file could not be loaded, with a way to try again', () => {
    render(<ConfigErrorPage reason="missing" />);
    expect(screen.getByRole('heading', { name: 'The portal cannot start' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('names what is wrong in a broken file', () => {
    render(<ConfigErrorPage reason="invalid" problem="apiBaseUrl must be an http(s) address" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'is not valid: apiBaseUrl must be an http(s) address.',
    );
  });
});
