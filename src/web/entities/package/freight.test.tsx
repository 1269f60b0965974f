import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { EstimatedFreight } from './freight';

beforeAll(async () => {
  await setupI18n(['common', 'tracking']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('estimated freight', () => {
  it('asks once for every package on screen and shows each estimate, or why there is none', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        day: '2025-05-02',
        items: [
          { id: 1, total: 752_000, missing: null, priceListId: 3, priceListName: 'Bảng giá chung' },
          { id: 2, total: null, missing: 'no_weight', priceListId: null, priceListName: null },
        ],
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EstimatedFreight id={1} />
        <EstimatedFreight id={2} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('estimated-freight')).textContent).toMatch(/752\.000/);
    expect(screen.getByText('Chưa cân kiện')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('ids')).toBe('1,2');
  });
});
