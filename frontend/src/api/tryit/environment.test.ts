import { describe, expect, it } from 'vitest';
import { environmentOf } from './environment';

const PRE = 'https://api.pre.oneboxtds.com';
const PRO = 'https://api.oneboxtds.com';
const PRE_TOKEN = 'https://auth.pre.oneboxtds.com/oauth/token';
const PRO_TOKEN = 'https://auth.oneboxtds.com/oauth/token';
const byServer = { [PRE]: PRE_TOKEN, [PRO]: PRO_TOKEN };

describe('the environment of a Try-it server', () => {
  it("offers only the selected server's own token endpoint, whatever the flows say", () => {
    expect(environmentOf(PRE, byServer, [PRE_TOKEN])).toEqual({ key: PRE_TOKEN, tokenUrls: [PRE_TOKEN] });
    expect(environmentOf(PRO, byServer, [PRE_TOKEN])).toEqual({ key: PRO_TOKEN, tokenUrls: [PRO_TOKEN] });
  });

  it('gives two servers of one token endpoint one token, and servers of two endpoints two', () => {
    const mirror = 'https://api2.pre.oneboxtds.com';
    const servers = { ...byServer, [mirror]: PRE_TOKEN };
    expect(environmentOf(mirror, servers, []).key).toBe(environmentOf(PRE, servers, []).key);
    expect(environmentOf(PRO, servers, []).key).not.toBe(environmentOf(PRE, servers, []).key);
  });

  it("falls back to the flows' token endpoints for a server that names none, with a token of its own", () => {
    const other = 'https://sandbox.example.com';
    expect(environmentOf(other, byServer, [PRE_TOKEN, PRO_TOKEN])).toEqual({
      key: other,
      tokenUrls: [PRE_TOKEN, PRO_TOKEN],
    });
    expect(environmentOf('constructor', {}, [])).toEqual({ key: 'constructor', tokenUrls: [] });
  });
});
