import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens';

const SECRET = 's'.repeat(40);
const user = { id: 7, role: 'Admin' as const, email: 'a@cargo.test' };

describe('token signer', () => {
  it('verifies its own tokens, again and again, with the same claims', async () => {
    const signer = createTokenSigner(SECRET, 60_000);
    const { token, claims } = await signer.sign(user);
    expect(await signer.verify(token)).toMatchObject({ sub: '7', role: 'Admin', exp: claims.exp });
    expect(await signer.verify(token)).toMatchObject({ sub: '7', role: 'Admin', exp: claims.exp });
  });

  it('refuses a token once it has expired, though it verified before', async () => {
    const signer = createTokenSigner(SECRET, 1_000);
    const { token, claims } = await signer.sign(user);
    await signer.verify(token);
    await new Promise((r) => setTimeout(r, claims.exp * 1000 - Date.now() + 50));
    await expect(signer.verify(token)).rejects.toThrow();
    // The refresh call still reads it (signature checked, expiry not).
    expect((await signer.verifyIgnoringExpiry(token)).sub).toBe('7');
  });

  it('refuses a changed payload or signature next to a remembered genuine token', async () => {
    const signer = createTokenSigner(SECRET, 60_000);
    const { token } = await signer.sign(user);
    await signer.verify(token);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'Admin', sub: '1' })).toString('base64url')}.${s}`;
    await expect(signer.verify(forged)).rejects.toThrow();
    await expect(signer.verify(`${h}.${p}.${s!.slice(0, -2)}AA`)).rejects.toThrow();
    // Another key's token, even for the same claims.
    const other = await createTokenSigner('o'.repeat(40), 60_000).sign(user);
    await expect(signer.verify(other.token)).rejects.toThrow();
  });
});
