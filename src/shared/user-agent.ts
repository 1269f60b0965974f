/** A User-Agent as a person names the device: the browser and the system, or null for what is not recognised. */
export interface DeviceName {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPadOS and Android also say "Linux".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\bOPR\/\d|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\/\d/, 'Samsung Internet'],
  [/\bCocCoc\/|\bcoc_coc_browser\//i, 'Coc Coc'],
  [/\bFirefox\/\d|\bFxiOS\/\d/, 'Firefox'],
  [/\bChrome\/\d|\bCriOS\/\d|\bChromium\/\d/, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bnode\b|undici|curl\/|python-requests|axios/i, 'Script'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceName(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser, os, mobile: /\bMobile\b|\bAndroid\b|\biPhone\b/.test(ua) };
}
