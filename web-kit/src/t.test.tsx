import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch';
import { useDigits } from './t';

function Numbers({ value }: { value: string | number | null }) {
  const digits = useDigits();
  return (
    <>
      <p data-testid="value">{digits(value) ?? 'missing'}</p>
      <LanguageSwitch />
    </>
  );
}

describe('useDigits', () => {
  it('writes numbers in the chosen language’s digits and follows a switch', async () => {
    const user = userEvent.setup();
    render(<Numbers value="1/2025" />);
    expect(screen.getByTestId('value')).toHaveTextContent('1/2025');
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByText('১/২০২৫')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('1/2025')).toBeVisible();
  });

  it('leaves a missing value missing', () => {
    render(<Numbers value={null} />);
    expect(screen.getByTestId('value')).toHaveTextContent('missing');
  });
});
