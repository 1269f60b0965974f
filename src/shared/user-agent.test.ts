import { describe, expect, it } from 'vitest';
import { deviceName } from './user-agent';

describe('deviceName', () => {
  it('names the browser and system of common User-Agents', () => {
    const cases: Array<[string, string | null, string | null, boolean]> = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Windows', false],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge', 'Windows', false],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'macOS', false],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', true],
      ['Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android', true],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux', false],
      ['curl/8.5.0', 'Script', null, false],
    ];
    for (const [ua, browser, os, mobile] of cases) expect(deviceName(ua), ua).toEqual({ browser, os, mobile });
  });

  it('knows nothing of an empty or missing User-Agent', () => {
    expect(deviceName(null)).toEqual({ browser: null, os: null, mobile: false });
    expect(deviceName('')).toEqual({ browser: null, os: null, mobile: false });
  });
});
