import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { duration, parseHeader, verify } from './signature';

// The webhooks page's test vector (content/docs/webhooks/webhooks-info.md), computed with Python's hmac.
const body = '{"id":"6f1d2c3b-8e4a-4b7c-9d2e-1a3f5b7c9e0d","type":"order.purchased"}';
const header = 't=1770745340,v1=dd2486fdc83362fe41c6fa9800474ea6d9f6cfa88688f4151ab662e5fa6d5d75';
const secret = 'whsec_test_5f2b8c1d9e4a7b3c6d0e2f8a';
const t = 1770745340;
const subtle = webcrypto.subtle as SubtleCrypto;

describe('verify', () => {
  it('accepts the test vector at its own time, with or without the window', async () => {
    expect(await verify({ body, header, secret, now: t + 299 }, subtle)).toMatchObject({ kind: 'verified', skew: -299 });
    expect(await verify({ body, header, secret, now: null }, subtle)).toMatchObject({ kind: 'verified', skew: null });
  });

  it('cannot tell an altered body from a wrong secret', async () => {
    const altered = await verify({ body: body.replace('purchased', 'cancelled'), header, secret, now: t }, subtle);
    const wrong = await verify({ body, header, secret: `${secret}x`, now: t }, subtle);
    expect(altered.kind).toBe('mismatch');
    expect(wrong.kind).toBe('mismatch');
  });

  it('reports the window first, and whether the signature would match', async () => {
    expect(await verify({ body, header, secret, now: t + 301 }, subtle)).toMatchObject({ kind: 'window', skew: -301, matches: true });
    expect(await verify({ body: `${body}\n`, header, secret, now: t - 3600 }, subtle)).toMatchObject({ kind: 'window', skew: 3600, matches: false });
  });

  it('needs a secret and Web Crypto', async () => {
    expect(await verify({ body, header, secret: '', now: t }, subtle)).toEqual({ kind: 'no-secret' });
    expect(await verify({ body, header, secret, now: t }, undefined)).toEqual({ kind: 'unavailable' });
  });
});

describe('parseHeader', () => {
  it('reads t and v1, with or without the header name pasted', () => {
    const expected = { timestamp: '1770745340', signature: header.slice(16) };
    expect(parseHeader(header)).toEqual(expected);
    expect(parseHeader(`X-Onebox-Signature: ${header}`)).toEqual(expected);
    expect(parseHeader(' t=1770745340 , v1=' + header.slice(16))).toEqual(expected);
  });

  it.each([
    ['', 'the header is empty'],
    ['v1=ab', 'it has no t= (the timestamp)'],
    ['t=17707x,v1=ab', 't must be Unix seconds (digits only), not "17707x"'],
    ['t=1770745340', 'it has no v1= (the signature)'],
    ['t=1770745340,v1=DD24', 'v1 must be 64 lowercase hexadecimal characters; it has 4 characters, not all of them lowercase hex'],
    ['t=1770745340,v1', '"v1" is not a key=value pair'],
  ])('explains what is wrong with %j', (raw, problem) => {
    expect(parseHeader(raw)).toEqual({ problem });
  });
});

describe('duration', () => {
  it('says the two largest units', () => {
    expect(duration(0)).toBe('0 seconds');
    expect(duration(-301)).toBe('5 minutes 1 second');
    expect(duration(3600)).toBe('1 hour');
    expect(duration(86400 * 3 + 3600 * 4 + 59)).toBe('3 days 4 hours');
  });
});
