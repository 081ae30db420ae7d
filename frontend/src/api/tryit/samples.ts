/**
 * cURL, Python (requests) and JavaScript (fetch) of a call: the code the Try-it panel shows for the
 * request it sent. The reference's own samples are made at build time by
 * src/docsite/openapi/samples.py from the same `Call`; this is that module's logic, line for line,
 * so that an unedited request shows exactly the reference's sample (tests/e2e/test_tryit.py
 * compares them on every operation of a page). Change both together.
 */

/** A credential the reader fills in: a variable in the sample (`$API_KEY`), not a literal. */
export interface Secret {
  secret: string;
}
export type Value = string | Secret;

/** samples.Call, as docsite.openapi.tryit.call_data writes it. */
export interface Call {
  method: string;
  /** With path parameters filled in, without the query string. */
  url: string;
  query: [string, Value][];
  headers: [string, Value][];
  /** `Authorization: Bearer $TOKEN`. */
  token: boolean;
  basic: boolean;
  mediaType?: string;
  body?: unknown;
  answer: 'json' | 'binary' | 'text' | 'none';
}

const WIDTH = 88;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const isSecret = (value: Value): value is Secret => typeof value !== 'string';
const hasBody = (call: Call) => 'body' in call && call.mediaType !== undefined;

/** Python's `urllib.parse.quote(text, safe)`. */
export function quote(text: string, safe = ''): string {
  let out = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  for (const c of safe) out = out.replaceAll(`%${c.charCodeAt(0).toString(16).toUpperCase()}`, c);
  return out;
}

/** Python's `json.dumps(value)` for a string or number: non-ASCII escaped. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Python's `json.dumps(value, ensure_ascii=False)` on one line (`, ` and `: ` separators). */
function json(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(json).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${json(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function queryString(call: Call, secret = (name: string) => `$${name}`): string {
  const text = (value: Value) => (isSecret(value) ? secret(value.secret) : quote(value, ',:'));
  return call.query.map(([name, value]) => `${quote(name)}=${text(value)}`).join('&');
}

export function fullUrl(call: Call, secret?: (name: string) => string): string {
  const query = queryString(call, secret);
  return query ? `${call.url}?${query}` : call.url;
}

export function sample(language: string, call: Call): string {
  return language === 'python' ? python(call) : language === 'javascript' ? javascript(call) : curl(call);
}

// -- cURL -----------------------------------------------------------------------------------------

export function curl(call: Call): string {
  const lines = [call.method !== 'GET' ? `curl -X ${call.method} "${fullUrl(call)}"` : `curl "${fullUrl(call)}"`];
  if (call.token) lines.push('-H "Authorization: Bearer $TOKEN"');
  if (call.basic) lines.push('-u "$USERNAME:$PASSWORD"');
  for (const [name, value] of call.headers) {
    lines.push(`-H "${name}: ${isSecret(value) ? `$${value.secret}` : shellDouble(value)}"`);
  }
  if (hasBody(call)) {
    const media = call.mediaType || 'application/json';
    const body = call.body;
    if (media === 'multipart/form-data' && isObject(body)) {
      lines.push(...Object.entries(body).map(([name, value]) => `-F ${shellSingle(`${name}=${formValue(value)}`)}`));
    } else if (media === 'application/x-www-form-urlencoded' && isObject(body)) {
      lines.push(
        ...Object.entries(body).map(
          ([name, value]) => `--data-urlencode ${shellSingle(`${name}=${formValue(value)}`)}`,
        ),
      );
    } else if (isJson(media)) {
      lines.push(`-H "Content-Type: ${media}"`);
      lines.push(`-d ${shellSingle(JSON.stringify(body, null, 2))}`);
    } else {
      lines.push(`-H "Content-Type: ${media}"`);
      lines.push(typeof body !== 'string' ? '--data-binary @body' : `-d ${shellSingle(body)}`);
    }
  }
  if (call.answer === 'binary') lines.push(!call.url.endsWith('pdf') ? '-o answer.bin' : '-o tickets.pdf');
  return `${lines.join(' \\\n  ')}\n`;
}

const shellSingle = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const shellDouble = (text: string) => text.replace(/(["\\$`])/g, '\\$1');
const formValue = (value: unknown) => (typeof value === 'string' ? value : json(value));
/** A JSON media type: `application/json` or `…+json`. */
export const isJson = (media: string) => media === 'application/json' || media.endsWith('+json');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// -- Python ---------------------------------------------------------------------------------------

export function python(call: Call): string {
  const args = [asciiJson(call.url)];
  const headers: [string, string][] = call.token ? [[asciiJson('Authorization'), 'f"Bearer {TOKEN}"']] : [];
  headers.push(...call.headers.map(([name, value]): [string, string] => [asciiJson(name), pyValue(value)]));
  if (call.query.length) {
    args.push(`params={${call.query.map(([k, v]) => `${asciiJson(k)}: ${pyValue(v)}`).join(', ')}}`);
  }
  if (headers.length) args.push(`headers={${headers.map(([k, v]) => `${k}: ${v}`).join(', ')}}`);
  if (call.basic) args.push('auth=(USERNAME, PASSWORD)');
  if (hasBody(call)) {
    const media = call.mediaType || 'application/json';
    const body = call.body;
    if (isJson(media)) args.push(`json=${py(body, 4)}`);
    else if (media === 'multipart/form-data' && isObject(body)) {
      args.push(`files=${py(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, formValue(v)])), 4)}`);
    } else if (isObject(body)) args.push(`data=${py(body, 4)}`);
    else args.push(`data=${typeof body === 'string' ? asciiJson(body) : 'open("body", "rb")'}`);
  }
  args.push('timeout=10');
  const method = call.method.toLowerCase();
  let callText = `response = requests.${method}(\n${args.map((arg) => `    ${arg},\n`).join('')})\n`;
  if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(call.method)) {
    callText = callText.replace(`requests.${method}(\n`, `requests.request(\n    ${asciiJson(call.method)},\n`);
  }
  let out = `import requests\n\n${callText}response.raise_for_status()\n`;
  if (call.answer === 'json') out += 'print(response.json())\n';
  else if (call.answer === 'binary')
    out += 'with open("answer.bin", "wb") as file:\n    file.write(response.content)\n';
  else if (call.answer === 'text') out += 'print(response.text)\n';
  return out;
}

const pyValue = (value: Value) => (isSecret(value) ? value.secret : JSON.stringify(value));

function py(value: unknown, indent: number): string {
  const inline = pyInline(value);
  if (inline.length + indent <= WIDTH || !isContainer(value)) return inline;
  const pad = ' '.repeat(indent);
  if (isObject(value)) {
    const inner = Object.entries(value).map(([k, v]) => `${pad}    ${JSON.stringify(k)}: ${py(v, indent + 4)},\n`);
    return `{\n${inner.join('')}${pad}}`;
  }
  const inner = (value as unknown[]).map((v) => `${pad}    ${py(v, indent + 4)},\n`);
  return `[\n${inner.join('')}${pad}]`;
}

function pyInline(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pyInline).join(', ')}]`;
  if (isObject(value)) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pyInline(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** A non-empty object or array (an empty one stays inline). */
const isContainer = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : isObject(value) && Object.keys(value).length > 0;

// -- JavaScript -----------------------------------------------------------------------------------

export function javascript(call: Call): string {
  const options: string[] = [];
  if (call.method !== 'GET') options.push(`method: "${call.method}"`);
  const headers = call.token ? ['Authorization: `Bearer ${TOKEN}`'] : [];
  if (call.basic) headers.push('Authorization: `Basic ${btoa(`${USERNAME}:${PASSWORD}`)}`');
  headers.push(
    ...call.headers.map(([name, value]) => `${jsKey(name)}: ${isSecret(value) ? value.secret : JSON.stringify(value)}`),
  );
  let body: string | null = null;
  const media = call.mediaType || 'application/json';
  if (hasBody(call)) {
    if (isJson(media)) {
      headers.push(`"Content-Type": "${media}"`);
      body = `JSON.stringify(${js(call.body, 2)})`;
    } else if (media === 'application/x-www-form-urlencoded' && isObject(call.body)) {
      body = `new URLSearchParams(${js(Object.fromEntries(Object.entries(call.body).map(([k, v]) => [k, formValue(v)])), 2)})`;
    } else if (media === 'multipart/form-data') {
      body = 'form';
    } else {
      headers.push(`"Content-Type": "${media}"`);
      body = typeof call.body === 'string' ? JSON.stringify(call.body) : 'body';
    }
  }
  if (headers.length) options.push(`headers: {\n${headers.map((h) => `    ${h},\n`).join('')}  }`);
  if (body) options.push(`body: ${body}`);
  let prelude = '';
  if (hasBody(call) && call.mediaType === 'multipart/form-data' && isObject(call.body)) {
    prelude = `const form = new FormData();\n${Object.entries(call.body)
      .map(([k, v]) => `form.append(${JSON.stringify(k)}, ${JSON.stringify(formValue(v))});\n`)
      .join('')}\n`;
  }
  const secret = call.query.some(([, value]) => isSecret(value));
  const url = secret ? `\`${fullUrl(call, (name) => `\${${name}}`)}\`` : JSON.stringify(fullUrl(call));
  const fetchText = options.length
    ? `const response = await fetch(${url}, {\n${options.map((o) => `  ${o},\n`).join('')}});\n`
    : `const response = await fetch(${url});\n`;
  let out = `${prelude}${fetchText}if (!response.ok) throw new Error(\`HTTP \${response.status}\`);\n`;
  if (call.answer === 'json') out += 'console.log(await response.json());\n';
  else if (call.answer === 'binary') out += 'const file = await response.blob();\n';
  else if (call.answer === 'text') out += 'console.log(await response.text());\n';
  return out;
}

const jsKey = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

function js(value: unknown, indent: number): string {
  const inline = jsInline(value);
  if (inline.length + indent <= WIDTH || !isContainer(value)) return inline;
  const pad = ' '.repeat(indent);
  if (isObject(value)) {
    const inner = Object.entries(value).map(([k, v]) => `${pad}  ${jsKey(k)}: ${js(v, indent + 2)},\n`);
    return `{\n${inner.join('')}${pad}}`;
  }
  const inner = (value as unknown[]).map((v) => `${pad}  ${js(v, indent + 2)},\n`);
  return `[\n${inner.join('')}${pad}]`;
}

function jsInline(value: unknown): string {
  if (isObject(value)) {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${jsKey(k)}: ${jsInline(v)}`).join(', ')} }` : '{}';
  }
  if (Array.isArray(value)) return `[${value.map(jsInline).join(', ')}]`;
  return JSON.stringify(value) ?? 'null';
}
