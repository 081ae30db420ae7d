/**
 * Verifying an `X-Onebox-Signature` header the way the webhooks page tells integrators to
 * (content/docs/webhooks/webhooks-info.md, "Verify the signature"): `t=<unix seconds>,v1=<hex>`, where
 * v1 is the HMAC-SHA256 of `<t>.<raw body>` keyed with the webhook secret, and t within 5 minutes of
 * now. Web Crypto only: nothing leaves the browser.
 */

export const TOLERANCE_SECONDS = 5 * 60;
export const HEADER_NAME = 'X-Onebox-Signature';

export interface Inputs {
  body: string;
  header: string;
  secret: string;
  /** Unix seconds to check the window against; null: do not check it. */
  now: number | null;
}

export type Verdict =
  | { kind: 'verified'; skew: number | null; computed: string }
  | { kind: 'malformed'; problem: string }
  | { kind: 'no-secret' }
  | { kind: 'window'; skew: number; now: number; matches: boolean; computed: string }
  | { kind: 'mismatch'; computed: string }
  | { kind: 'unavailable' };

type Parsed = { timestamp: string; signature: string } | { problem: string };

/** The header's `t` and `v1`, or what is wrong with it. A pasted `X-Onebox-Signature:` prefix is allowed. */
export function parseHeader(raw: string): Parsed {
  const header = raw.trim().replace(new RegExp(`^${HEADER_NAME}\\s*:\\s*`, 'i'), '');
  if (!header) return { problem: 'the header is empty' };
  const fields = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return { problem: `"${part.trim()}" is not a key=value pair` };
    fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const timestamp = fields.get('t');
  const signature = fields.get('v1');
  if (timestamp === undefined) return { problem: 'it has no t= (the timestamp)' };
  if (!/^[0-9]+$/.test(timestamp)) return { problem: `t must be Unix seconds (digits only), not "${timestamp}"` };
  if (signature === undefined) return { problem: 'it has no v1= (the signature)' };
  if (!/^[0-9a-f]{64}$/.test(signature)) {
    return { problem: `v1 must be 64 lowercase hexadecimal characters; it has ${signature.length} characters${/[^0-9a-f]/.test(signature) ? ', not all of them lowercase hex' : ''}` };
  }
  return { timestamp, signature };
}

/** A duration in words, largest units first, at most two of them: "3 days 4 hours", "12 minutes 5 seconds". */
export function duration(seconds: number): string {
  const units: [string, number][] = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const parts: string[] = [];
  let rest = Math.round(Math.abs(seconds));
  for (const [name, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count && parts.length < 2) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    else if (parts.length) break;
  }
  return parts.join(' ') || '0 seconds';
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** HMAC-SHA256 of `<t>.<body>` keyed with `secret`, as lowercase hex (UTF-8 throughout). */
export async function sign(timestamp: string, body: string, secret: string, subtle: SubtleCrypto): Promise<string> {
  const encoder = new TextEncoder();
  const key = await subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`)));
}

/** Whether `header` signs `body` with `secret` (and, when `now` is given, within the 5-minute window). */
export async function verify({ body, header, secret, now }: Inputs, subtle: SubtleCrypto | undefined): Promise<Verdict> {
  const parsed = parseHeader(header);
  if ('problem' in parsed) return { kind: 'malformed', problem: parsed.problem };
  if (!secret) return { kind: 'no-secret' };
  if (!subtle) return { kind: 'unavailable' };
  const computed = await sign(parsed.timestamp, body, secret, subtle);
  const matches = computed === parsed.signature;
  const skew = now === null ? null : Number(parsed.timestamp) - now;
  if (skew !== null && Math.abs(skew) > TOLERANCE_SECONDS) return { kind: 'window', skew, now: now!, matches, computed };
  return matches ? { kind: 'verified', skew, computed } : { kind: 'mismatch', computed };
}
