import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCAN_PAUSE_MS, ScanBox } from './scan-box';

/**
 * The one timing rule of the scan box, with a clock: a gun types a key every few milliseconds and may or may not
 * end with Enter; a person types a key every couple of hundred milliseconds and ends with Enter.
 */
describe('ScanBox timing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (props: Partial<Parameters<typeof ScanBox>[0]> = {}) => {
    const onScan = vi.fn();
    render(<ScanBox id="s" label="Quét" onScan={onScan} {...props} />);
    const box = screen.getByLabelText('Quét') as HTMLInputElement;
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    /** Keys one every `ms` milliseconds, as the input sees them; `{Enter}` is the Enter key. */
    const keys = (ms: number) => ({
      async keyboard(text: string) {
        for (const part of text.split(/(\{Enter\})/)) {
          if (part === '{Enter}') {
            fireEvent.keyDown(box, { key: 'Enter' });
            await wait(ms);
          } else
            for (const ch of part) {
              fireEvent.change(box, { target: { value: box.value + ch } });
              await wait(ms);
            }
        }
      },
      async click(el: HTMLElement) {
        fireEvent.click(el);
        await wait(ms);
      },
    });
    const person = keys(200);
    const gun = keys(4);
    const codes = () => onScan.mock.calls.map((c) => c[0] as string);
    return { onScan, box, person, gun, keys, wait, codes };
  };

  it('a hand-typed number with Enter, then gun bursts without Enter: each is its own code, none glued', async () => {
    const { box, person, gun, wait, codes } = setup();
    box.focus();
    await person.keyboard('xb111222{Enter}');
    expect(codes()).toEqual(['XB111222']);
    await gun.keyboard('XC333444');
    await wait(SCAN_PAUSE_MS + 10);
    expect(codes()).toEqual(['XB111222', 'XC333444']);
    expect(box.value).toBe('');
    // The next burst comes soon after: still a code of its own.
    await gun.keyboard('XD555666');
    await wait(SCAN_PAUSE_MS + 10);
    expect(codes()).toEqual(['XB111222', 'XC333444', 'XD555666']);
  });

  it('a gun that sends Enter is taken at once, and a burst without Enter after it is taken after the pause', async () => {
    const { box, gun, wait, codes } = setup();
    box.focus();
    await gun.keyboard('VN0001{Enter}');
    expect(codes()).toEqual(['VN0001']);
    await gun.keyboard('VN0002');
    await wait(SCAN_PAUSE_MS - 50);
    expect(codes()).toEqual(['VN0001']);
    await wait(100);
    expect(codes()).toEqual(['VN0001', 'VN0002']);
    await gun.keyboard('VN0003{Enter}VN0004{Enter}');
    expect(codes()).toEqual(['VN0001', 'VN0002', 'VN0003', 'VN0004']);
  });

  it('a person typing slowly is never cut off, however long they pause; Enter or the button takes it', async () => {
    const { box, person, keys, wait, codes } = setup({ action: { label: 'Thêm', icon: 'bi-plus' } });
    box.focus();
    await person.keyboard('PK0001');
    await wait(5000);
    expect(codes()).toEqual([]);
    expect(box.value).toBe('PK0001');
    await person.keyboard('{Enter}');
    expect(codes()).toEqual(['PK0001']);
    await person.keyboard('PK0002');
    await wait(5000);
    await person.click(screen.getByRole('button', { name: 'Thêm' }));
    expect(codes()).toEqual(['PK0001', 'PK0002']);
    // A gun burst right after slow typing that was taken: the gun's own speed counts again.
    await keys(4).keyboard('PK0003');
    await wait(SCAN_PAUSE_MS + 10);
    expect(codes()).toEqual(['PK0001', 'PK0002', 'PK0003']);
  });

  it('a stray key at gun speed is not taken without Enter', async () => {
    const { box, gun, wait, codes } = setup();
    box.focus();
    await gun.keyboard('AB');
    await wait(2000);
    expect(codes()).toEqual([]);
  });

  it('a pasted list goes in one take to onScanList; over `max` it is refused whole and said', async () => {
    const onScanList = vi.fn();
    const onTooMany = vi.fn();
    render(<ScanBox id="s" label="Quét" onScanList={onScanList} onTooMany={onTooMany} max={3} />);
    const box = screen.getByLabelText('Quét') as HTMLInputElement;
    fireEvent.paste(box, { clipboardData: { getData: () => 'a1111\nb2222\r\nc3333' } });
    expect(onScanList).toHaveBeenCalledWith(['A1111', 'B2222', 'C3333']);
    expect(onTooMany).toHaveBeenLastCalledWith(null);
    fireEvent.paste(box, { clipboardData: { getData: () => 'a1111\nb2222\nc3333\nd4444' } });
    expect(onScanList).toHaveBeenCalledTimes(1);
    expect(onTooMany).toHaveBeenLastCalledWith(4);
    expect(box.value).toBe('');
  });
});
