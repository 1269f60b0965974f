import { describe, expect, it } from 'vitest';
import type { PublicCompany } from './contracts/company';
import { fillStaticLogin, isStaticLoginPath, type StaticLoginBuild } from './static-login';

const build: StaticLoginBuild = {
  html: '<title>x</title><div data-company="%CARGO_COMPANY%">%CARGO_BRAND%|%CARGO_BRAND%</div><p>© %CARGO_YEAR%</p>',
  brand: {
    appName: 'Cargo Console',
    icon: '<span title="%CARGO_BRAND_NAME%"><i></i>%CARGO_BRAND_NAME%</span>',
    logo: '<span title="%CARGO_BRAND_NAME%"><img src="%CARGO_BRAND_LOGO%">%CARGO_BRAND_NAME%</span>',
  },
};
const company = (over: Partial<PublicCompany>): PublicCompany => ({ name: '', address: '', phone: '', hotline: '', taxCode: '', logoUrl: null, ...over });

describe('fillStaticLogin', () => {
  it('writes the year and the app name when the company has no name or logo (as the app’s header does)', () => {
    const html = fillStaticLogin(build, { year: 2031, company: company({}) });
    expect(html).toContain('<p>© 2031</p>');
    expect(html).toContain('<span title="Cargo Console"><i></i>Cargo Console</span>|<span title="Cargo Console"><i></i>Cargo Console</span>');
    expect(html).not.toContain('%CARGO_');
  });

  it('writes the company’s name and logo, escaped, and hands the profile over as an attribute', () => {
    const profile = company({ name: `A&B <"Sao"> 'Mây' $& $1`, logoUrl: '/api/public/logo?v=abc&x="1"' });
    const html = fillStaticLogin(build, { year: 2031, company: profile });
    const name = 'A&amp;B &lt;&quot;Sao&quot;&gt; &#39;Mây&#39; $&amp; $1';
    expect(html).toContain(`<span title="${name}"><img src="/api/public/logo?v=abc&amp;x=&quot;1&quot;">${name}</span>`);
    const attr = /data-company="([^"]*)"/.exec(html)![1]!;
    const decoded = attr.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(profile);
  });

  it('leaves the attribute empty without a profile (the app then asks for it)', () => {
    const html = fillStaticLogin(build, { year: 2031, company: null });
    expect(html).toContain('data-company=""');
    expect(html).toContain('Cargo Console</span>');
  });
});

describe('isStaticLoginPath', () => {
  it('is the sign-in route as the web router matches it, and nothing else', () => {
    for (const p of ['/auth/login', '/auth/login/', '/Auth/LOGIN']) expect(isStaticLoginPath(p), p).toBe(true);
    for (const p of ['/', '/auth', '/auth/login/x', '/auth/loginx', '/x/auth/login', '/auth//login', '/auth/login//']) {
      expect(isStaticLoginPath(p), p).toBe(false);
    }
  });
});
