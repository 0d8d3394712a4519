import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { application } from '../test-support/applications';
import { resetApplications, useApplicationList } from './application-list';

vi.mock('@puja/api-client', () => ({ listApplicationsIfChanged: vi.fn() }));
const { listApplicationsIfChanged } = await import('@puja/api-client');
const answer = vi.mocked(listApplicationsIfChanged);

afterEach(() => {
  act(() => resetApplications());
  answer.mockReset();
});

describe('the shared application list', () => {
  it('opening a screen again shows what is held at once and revalidates it', async () => {
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(1, 'Sree Sangha')],
    });
    const first = renderHook(() => useApplicationList());
    await waitFor(() => expect(first.result.current.applications).toHaveLength(1));
    first.unmount();

    // Meanwhile a club re-uploaded: the next screen must not keep showing the old list.
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v2"',
      applications: [application(1, 'Sree Sangha'), application(2, 'Nabin Sangha')],
    });
    const second = renderHook(() => useApplicationList());
    expect(second.result.current.applications).toHaveLength(1);
    await waitFor(() => expect(second.result.current.applications).toHaveLength(2));
    expect(answer).toHaveBeenLastCalledWith({ etag: '"v1"' });
  });

  it('an unchanged list (304) keeps what is held', async () => {
    answer.mockResolvedValueOnce({
      changed: true,
      etag: '"v1"',
      applications: [application(1, 'Sree Sangha')],
    });
    const first = renderHook(() => useApplicationList());
    await waitFor(() => expect(first.result.current.applications).toHaveLength(1));
    first.unmount();
    answer.mockResolvedValueOnce({ changed: false });
    const second = renderHook(() => useApplicationList());
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(2));
    expect(second.result.current.applications).toHaveLength(1);
    expect(second.result.current.error).toBeNull();
  });
});
