import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@puja/api-client';
import { Toasts } from '../components/toasts';
import { theme } from '../theme';
import { createQueryClient } from './query-client';
import { useChange } from './use-change';

function setup() {
  const queryClient = createQueryClient();
  const clubs = vi.fn(async () => ['Sree Sangha']);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
  const { result } = renderHook(
    () => ({
      clubs: useQuery({ queryKey: ['clubs'], queryFn: clubs }),
      change: useChange([['clubs']]),
    }),
    { wrapper },
  );
  return { clubs, result };
}

const texts = { loading: 'clubs.addLoading', failure: 'clubs.addFailed' } as const;

describe('an edit of a screen', () => {
  it('says what the server answered and fetches what it touched anew', async () => {
    const { clubs, result } = setup();
    await waitFor(() => expect(result.current.clubs.data).toEqual(['Sree Sangha']));
    await act(() =>
      result.current.change(texts, async () => ({
        message: 'Club added successfully!',
        messageKey: 'clubs.addSuccess',
      })),
    );
    expect(await screen.findByText('Club added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(clubs).toHaveBeenCalledTimes(2));
  });

  it('says why a refused edit failed, and still shows the server’s list', async () => {
    const { clubs, result } = setup();
    await waitFor(() => expect(result.current.clubs.data).toEqual(['Sree Sangha']));
    await act(() =>
      result.current.change(texts, () =>
        Promise.reject(new ApiError('refused', 'x', { messageKey: 'clubs.duplicateName' })),
      ),
    );
    expect(await screen.findByText('A club with this name already exists.')).toBeInTheDocument();
    await waitFor(() => expect(clubs).toHaveBeenCalledTimes(2));
  });
});
