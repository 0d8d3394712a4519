import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { application } from '../../test-support/applications';
import { applicationsQuery, replaceApplication, useApplications } from './queries';

vi.mock('@puja/api-client', () => ({
  listApplicationsIfChanged: vi.fn(),
  getApplicationHistory: vi.fn(),
}));
const { listApplicationsIfChanged } = await import('@puja/api-client');
const answer = vi.mocked(listApplicationsIfChanged);

afterEach(() => answer.mockReset());

function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('the shared application list', () => {
  it('asks with the tag it holds; an unchanged list (304) keeps what is shown', async () => {
    const { queryClient, wrapper } = setup();
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(1, 'Sree Sangha')],
    });
    const { result } = renderHook(() => useApplications(), { wrapper });
    await waitFor(() => expect(result.current.applications).toHaveLength(1));
    const shown = result.current.applications;

    answer.mockResolvedValueOnce({ changed: false });
    await act(() => queryClient.refetchQueries({ queryKey: applicationsQuery().queryKey }));
    expect(answer).toHaveBeenLastCalledWith({ etag: '"v1"' });
    await waitFor(() => expect(result.current.applications).toBe(shown));
    expect(result.current.error).toBeNull();
  });

  it('shows a re-upload made meanwhile once the list is asked again', async () => {
    const { queryClient, wrapper } = setup();
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(1, 'Sree Sangha')],
    });
    const { result } = renderHook(() => useApplications(), { wrapper });
    await waitFor(() => expect(result.current.applications).toHaveLength(1));
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v2"',
      applications: [application(1, 'Sree Sangha'), application(2, 'Nabin Sangha')],
    });
    await act(() => queryClient.invalidateQueries({ queryKey: applicationsQuery().queryKey }));
    await waitFor(() => expect(result.current.applications).toHaveLength(2));
  });

  it('keeps the list on screen beside the error when a revalidation fails', async () => {
    const { queryClient, wrapper } = setup();
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(1, 'Sree Sangha')],
    });
    const { result } = renderHook(() => useApplications(), { wrapper });
    await waitFor(() => expect(result.current.applications).toHaveLength(1));
    answer.mockRejectedValueOnce(new Error('offline'));
    await act(() => queryClient.refetchQueries({ queryKey: applicationsQuery().queryKey }));
    await waitFor(() => expect(result.current.error?.message).toBe('offline'));
    expect(result.current.applications).toHaveLength(1);
  });

  it('an application changed here makes the next revalidation fetch the list whole', async () => {
    const { queryClient, wrapper } = setup();
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(1, 'Sree Sangha'), application(2, 'Nabin Sangha')],
    });
    const { result } = renderHook(() => useApplications(), { wrapper });
    await waitFor(() => expect(result.current.applications).toHaveLength(2));

    act(() => replaceApplication(queryClient, application(2, 'Nabin Sangha', '10000')));
    await waitFor(() =>
      expect(result.current.applications?.[1]?.acknowledgement_status).toBe('Approved'),
    );
    expect(result.current.applications?.[0]?.acknowledgement_status).toBe('Pending');

    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v2"',
      applications: [application(1, 'Sree Sangha')],
    });
    await act(() => queryClient.refetchQueries({ queryKey: applicationsQuery().queryKey }));
    expect(answer).toHaveBeenLastCalledWith({ etag: null });
    await waitFor(() => expect(result.current.applications).toHaveLength(1));
  });

  it('asks again whole when the server says "unchanged" while nothing is held', async () => {
    const { queryClient } = setup();
    answer.mockResolvedValueOnce({ changed: false }).mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(3, 'Tarun Club')],
    });
    const held = await queryClient.fetchQuery(applicationsQuery());
    expect(held.applications.map((app) => app.club_name)).toEqual(['Tarun Club']);
    expect(answer).toHaveBeenCalledTimes(2);
  });
});
