import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { toast } from '../lib/toast';
import { jsonResponse, mockFetch } from '../test/auth-fixtures';
import { renderAt, setupScreenTests } from './test-support';
import { useCommand, type CommandOptions } from './use-command';

/** The command hook: one busy state, the server's message, 409/412 refetching, invalidation on success. */

setupScreenTests(['common', 'resource']);

let reads = 0;
function Probe({ opts }: { opts: Partial<CommandOptions<number, { ok: boolean }>> }) {
  const record = useQuery({ queryKey: ['Thing', 'detail', '1'], queryFn: () => ++reads });
  const other = useQuery({ queryKey: ['Other'], queryFn: () => 'other' });
  const cmd = useCommand<number, { ok: boolean }>({ run: (n) => api.post<{ ok: boolean }>(`/api/things/${n}/go`, {}), ...opts });
  return (
    <>
      <output data-testid="reads">{record.data}</output>
      <output data-testid="other">{other.data}</output>
      <button type="button" disabled={cmd.busy} onClick={() => cmd.run(1)}>
        go
      </button>
      {cmd.error && <p role="alert">{cmd.error}</p>}
      {cmd.data?.ok && <p>done</p>}
    </>
  );
}

function answer(status: number, body: unknown, hold?: Promise<void>) {
  return mockFetch(async () => {
    await hold;
    return jsonResponse(status, body);
  });
}

describe('useCommand', () => {
  it('is busy while it runs, then invalidates the given keys and shows the success toast', async () => {
    reads = 0;
    const success = vi.spyOn(toast, 'success');
    let release!: () => void;
    answer(200, { ok: true }, new Promise<void>((r) => (release = r)));
    renderAt('/', <Probe opts={{ invalidate: [['Thing']], success: (r, n) => `ok ${n} ${r.ok}` }} />);
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('1'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('button', { name: 'go' })).toHaveProperty('disabled', true);
    release();
    await screen.findByText('done');
    expect(screen.getByRole('button', { name: 'go' })).toHaveProperty('disabled', false);
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('2'));
    expect(success).toHaveBeenCalledWith('ok 1 true');
    success.mockRestore();
  });

  it('shows the server message as a toast by default, and refetches nothing on a plain refusal', async () => {
    reads = 0;
    const error = vi.spyOn(toast, 'error');
    answer(400, { message: 'Không được', code: 'BAD' });
    renderAt('/', <Probe opts={{ invalidate: [['Thing']] }} />);
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('1'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Không được'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('reads').textContent).toBe('1');
    error.mockRestore();
  });

  it('on a 409 shows the message in place, refetches the stale queries and calls onStale', async () => {
    reads = 0;
    const onStale = vi.fn();
    answer(409, { message: 'Phiếu đã được giao', code: 'CONFLICT' });
    renderAt('/', <Probe opts={{ invalidate: () => [['Other']], stale: [['Thing']], onStale, showError: 'inline' }} />);
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('1'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'go' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Phiếu đã được giao');
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('2'));
    expect(onStale).toHaveBeenCalledWith(1);
  });

  it('a 412 refetches the success keys when no stale keys are given; a failure the screen handles is not shown', async () => {
    reads = 0;
    const error = vi.spyOn(toast, 'error');
    const handleError = vi.fn(() => true);
    answer(412, { message: 'Đã thay đổi', code: 'PRECONDITION_FAILED' });
    renderAt('/', <Probe opts={{ invalidate: [['Thing']], handleError }} />);
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('1'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('2'));
    expect(handleError).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
