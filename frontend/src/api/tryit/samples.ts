/**
 * The code samples of a call in seven languages (cURL, Python with requests, JavaScript with fetch,
 * Java with java.net.http, PHP with curl, C# with HttpClient, Go with net/http): the code the Try-it
 * panel shows for the request it sent. The reference's own samples are made at build time by
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

/** The tabs: value, label and highlighting language (samples.LANGUAGES). */
export const LANGUAGES = [
  { value: 'curl', label: 'cURL', language: 'bash' },
  { value: 'python', label: 'Python', language: 'python' },
  { value: 'javascript', label: 'JavaScript', language: 'javascript' },
  { value: 'java', label: 'Java', language: 'java' },
  { value: 'php', label: 'PHP', language: 'php' },
  { value: 'csharp', label: 'C#', language: 'csharp' },
  { value: 'go', label: 'Go', language: 'go' },
];

/** The code of `call` in `language` (a tab value of LANGUAGES). */
export function sample(language: string, call: Call): string {
  const generator = GENERATORS[language];
  if (!generator) throw new Error(`No code samples in ${language}`);
  return generator(call);
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
  if (call.answer === 'binary') lines.push(`-o ${answerFile(call)}`);
  return `${lines.join(' \\\n  ')}\n`;
}

/** Where a sample saves a binary answer. */
const answerFile = (call: Call) => (call.url.endsWith('pdf') ? 'tickets.pdf' : 'answer.bin');

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

// -- shared by the compiled languages -------------------------------------------------------------

/** Around a secret's name in a URL made with `(name) => MARK + name + MARK`: split into pieces. */
const MARK = '\0';
const BOUNDARY = 'sample-boundary';
type Piece = [variable: boolean, text: string];

/** `text` as (is a variable, text) pieces, empty literals left out. */
const pieces = (text: string): Piece[] =>
  text
    .split(MARK)
    .map((part, index): Piece => [index % 2 === 1, part])
    .filter(([variable, part]) => part || variable);
const urlPieces = (call: Call) => pieces(fullUrl(call, (name) => `${MARK}${name}${MARK}`));
const valuePieces = (value: Value): Piece[] => (isSecret(value) ? [[true, value.secret]] : [[false, value]]);

/** A string expression: literals and variables (the environment's) joined by `join`. */
function joined(parts: Piece[], literal: (text: string) => string, variable: (name: string) => string, join: string) {
  return parts.map(([isVariable, text]) => (isVariable ? variable(text) : literal(text))).join(join) || literal('');
}

const jsonText = (call: Call) => JSON.stringify(call.body, null, 2);
const formText = (body: Record<string, unknown>) =>
  Object.entries(body)
    .map(([k, v]) => `${quote(k)}=${quote(formValue(v))}`)
    .join('&');
const capitalized = (method: string) => `${method[0]}${method.slice(1).toLowerCase()}`;
const sorted = (names: Set<string>) => [...names].sort();

/** How a sample sends the body. */
function bodyKind(call: Call): 'none' | 'json' | 'form' | 'multipart' | 'text' | 'file' {
  if (!hasBody(call)) return 'none';
  const media = call.mediaType || 'application/json';
  if (isJson(media)) return 'json';
  if (media === 'application/x-www-form-urlencoded' && isObject(call.body)) return 'form';
  if (media === 'multipart/form-data' && isObject(call.body)) return 'multipart';
  return typeof call.body === 'string' ? 'text' : 'file';
}

/** A line inside a multi-line string literal starts with KEEP: `indent` leaves it as it is. */
const KEEP = '\x01';
const indent = (text: string, width: number) =>
  text
    .split('\n')
    .map((line) => `${line.startsWith(KEEP) ? line.slice(1) : ' '.repeat(width) + line}\n`)
    .join('');

// -- Java (java.net.http, Java 11+) ---------------------------------------------------------------

export function java(call: Call): string {
  const imports = new Set(['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse']);
  const env = (name: string) => `System.getenv("${name}")`;
  const lines: string[] = [];
  const builder = [`.uri(URI.create(${joined(urlPieces(call), asciiJson, env, ' + ')}))`];
  if (call.token) builder.push(`.header("Authorization", "Bearer " + ${env('TOKEN')})`);
  if (call.basic) {
    imports.add('java.nio.charset.StandardCharsets').add('java.util.Base64');
    lines.push(`String credentials = ${env('USERNAME')} + ":" + ${env('PASSWORD')};`);
    builder.push(
      '.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)))',
    );
  }
  builder.push(
    ...call.headers.map(([name, value]) => `.header(${asciiJson(name)}, ${joined(valuePieces(value), asciiJson, env, ' + ')})`),
  );
  const kind = bodyKind(call);
  let media = call.mediaType || 'application/json';
  let publisher = 'HttpRequest.BodyPublishers.noBody()';
  const body = call.body as Record<string, unknown>;
  if (kind === 'json') {
    const text = jsonText(call).split('\n');
    lines.push(
      `String body = ${text.length === 1 ? `${asciiJson(text[0])};` : `String.join("\\n",\n${text.map((line) => `        ${asciiJson(line)}`).join(',\n')});`}`,
    );
  } else if (kind === 'form') {
    media = 'application/x-www-form-urlencoded';
    lines.push(`String body = ${asciiJson(formText(body))};`);
  } else if (kind === 'multipart') {
    media = `multipart/form-data; boundary=${BOUNDARY}`;
    const parts = Object.entries(body).map(
      ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${formValue(v)}\r\n`,
    );
    lines.push(`String body = ${[...parts, `--${BOUNDARY}--\r\n`].map(asciiJson).join('\n        + ')};`);
  } else if (kind === 'text') {
    lines.push(`String body = ${asciiJson(call.body)};`);
  }
  if (kind === 'file') {
    imports.add('java.nio.file.Path');
    publisher = 'HttpRequest.BodyPublishers.ofFile(Path.of("body"))';
  } else if (kind !== 'none') publisher = 'HttpRequest.BodyPublishers.ofString(body)';
  if (kind !== 'none') builder.push(`.header("Content-Type", ${asciiJson(media)})`);
  if (kind === 'none' && ['GET', 'DELETE'].includes(call.method)) builder.push(`.${call.method}()`);
  else if (['POST', 'PUT'].includes(call.method)) builder.push(`.${call.method}(${publisher})`);
  else builder.push(`.method(${asciiJson(call.method)}, ${publisher})`);
  lines.push(`HttpRequest request = HttpRequest.newBuilder()\n${[...builder, '.build();'].map((part) => `        ${part}`).join('\n')}`);
  lines.push('HttpClient client = HttpClient.newHttpClient();');
  let failure: string;
  if (call.answer === 'binary') {
    imports.add('java.nio.file.Path');
    lines.push(
      `HttpResponse<Path> response = client.send(request, HttpResponse.BodyHandlers.ofFile(Path.of("${answerFile(call)}")));`,
    );
    failure = '"HTTP " + response.statusCode()';
  } else {
    lines.push('HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());');
    failure = '"HTTP " + response.statusCode() + ": " + response.body()';
  }
  lines.push(`if (response.statusCode() >= 400) {\n    throw new IllegalStateException(${failure});\n}`);
  if (call.answer === 'json' || call.answer === 'text') lines.push('System.out.println(response.body());');
  else if (call.answer === 'none') lines.push('System.out.println(response.statusCode());');
  return (
    sorted(imports).map((name) => `import ${name};\n`).join('') +
    '\npublic class Example {\n    public static void main(String[] args) throws Exception {\n' +
    lines.map((line) => indent(line, 8)).join('') +
    '    }\n}\n'
  );
}

// -- PHP (its curl extension: no Composer) --------------------------------------------------------

export function php(call: Call): string {
  const env = (name: string) => `getenv('${name}')`;
  const lines = ['<?php', ''];
  const options: string[] = [];
  if (call.method === 'HEAD') options.push('CURLOPT_NOBODY => true');
  else if (call.method !== 'GET') options.push(`CURLOPT_CUSTOMREQUEST => ${phpString(call.method)}`);
  const headers = call.token ? [`'Authorization: Bearer ' . ${env('TOKEN')}`] : [];
  headers.push(
    ...call.headers.map(([name, value]) =>
      isSecret(value) ? `${phpString(`${name}: `)} . ${env(value.secret)}` : phpString(`${name}: ${value}`),
    ),
  );
  const kind = bodyKind(call);
  const media = call.mediaType || 'application/json';
  if (kind === 'json' || kind === 'text' || kind === 'file') headers.push(phpString(`Content-Type: ${media}`));
  if (headers.length) options.push(`CURLOPT_HTTPHEADER => [\n${headers.map((h) => `        ${h},\n`).join('')}    ]`);
  if (call.basic) options.push(`CURLOPT_USERPWD => ${env('USERNAME')} . ':' . ${env('PASSWORD')}`);
  if (kind === 'json') {
    lines.push("$body = <<<'JSON'", jsonText(call), 'JSON;', '');
    options.push('CURLOPT_POSTFIELDS => $body');
  } else if (kind === 'form' || kind === 'multipart') {
    const fields = `[\n${Object.entries(call.body as Record<string, unknown>)
      .map(([k, v]) => `        ${phpString(k)} => ${phpString(formValue(v))},\n`)
      .join('')}    ]`;
    options.push(`CURLOPT_POSTFIELDS => ${kind === 'form' ? `http_build_query(${fields})` : fields}`);
  } else if (kind === 'text') options.push(`CURLOPT_POSTFIELDS => ${phpString(call.body as string)}`);
  else if (kind === 'file') options.push("CURLOPT_POSTFIELDS => file_get_contents('body')");
  options.push('CURLOPT_RETURNTRANSFER => true');
  lines.push(`$curl = curl_init(${joined(urlPieces(call), phpString, env, ' . ')});`);
  lines.push(`curl_setopt_array($curl, [\n${options.map((o) => `    ${o},\n`).join('')}]);`);
  lines.push(
    '$response = curl_exec($curl);',
    'if ($response === false) {',
    '    throw new RuntimeException(curl_error($curl));',
    '}',
    '$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);',
    'curl_close($curl);',
    'if ($status >= 400) {',
    '    throw new RuntimeException("HTTP $status: $response");',
    '}',
  );
  if (call.answer === 'json' || call.answer === 'text') lines.push('echo $response, PHP_EOL;');
  else if (call.answer === 'binary') lines.push(`file_put_contents('${answerFile(call)}', $response);`);
  else lines.push('echo $status, PHP_EOL;');
  return `${lines.join('\n')}\n`;
}

const phpString = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

// -- C# (HttpClient) ------------------------------------------------------------------------------

const CS_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];

export function csharp(call: Call): string {
  const usings = new Set(['System', 'System.Net.Http', 'System.Threading.Tasks']);
  const env = (name: string) => `Environment.GetEnvironmentVariable("${name}")`;
  const method = CS_METHODS.includes(call.method)
    ? `HttpMethod.${capitalized(call.method)}`
    : `new HttpMethod(${asciiJson(call.method)})`;
  const lines = [
    'var client = new HttpClient();',
    `var request = new HttpRequestMessage(${method}, ${joined(urlPieces(call), asciiJson, env, ' + ')});`,
  ];
  if (call.token) {
    usings.add('System.Net.Http.Headers');
    lines.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", ${env('TOKEN')});`);
  }
  if (call.basic) {
    usings.add('System.Net.Http.Headers').add('System.Text');
    lines.push(`var credentials = ${env('USERNAME')} + ":" + ${env('PASSWORD')};`);
    lines.push(
      'request.Headers.Authorization = new AuthenticationHeaderValue(\n    "Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes(credentials)));',
    );
  }
  lines.push(
    ...call.headers.map(
      ([name, value]) => `request.Headers.Add(${asciiJson(name)}, ${joined(valuePieces(value), asciiJson, env, ' + ')});`,
    ),
  );
  const kind = bodyKind(call);
  const media = call.mediaType || 'application/json';
  const body = call.body as Record<string, unknown>;
  if (kind === 'json' || kind === 'text') {
    usings.add('System.Text');
    const text = kind === 'json' ? jsonText(call) : (call.body as string);
    lines.push(`request.Content = new StringContent(${verbatim(text)}, Encoding.UTF8, ${asciiJson(media)});`);
  } else if (kind === 'form') {
    usings.add('System.Collections.Generic');
    lines.push(
      `request.Content = new FormUrlEncodedContent(new Dictionary<string, string>\n{\n${Object.entries(body)
        .map(([k, v]) => `    [${asciiJson(k)}] = ${asciiJson(formValue(v))},\n`)
        .join('')}});`,
    );
  } else if (kind === 'multipart') {
    lines.push('var form = new MultipartFormDataContent();');
    lines.push(
      ...Object.entries(body).map(([k, v]) => `form.Add(new StringContent(${asciiJson(formValue(v))}), ${asciiJson(k)});`),
    );
    lines.push('request.Content = form;');
  } else if (kind === 'file') {
    usings.add('System.IO').add('System.Net.Http.Headers');
    lines.push('request.Content = new ByteArrayContent(File.ReadAllBytes("body"));');
    lines.push(`request.Content.Headers.ContentType = new MediaTypeHeaderValue(${asciiJson(media)});`);
  }
  lines.push('var response = await client.SendAsync(request);', 'response.EnsureSuccessStatusCode();');
  if (call.answer === 'json' || call.answer === 'text') {
    lines.push('Console.WriteLine(await response.Content.ReadAsStringAsync());');
  } else if (call.answer === 'binary') {
    usings.add('System.IO');
    lines.push(`File.WriteAllBytes("${answerFile(call)}", await response.Content.ReadAsByteArrayAsync());`);
  } else lines.push('Console.WriteLine((int)response.StatusCode);');
  return (
    sorted(usings).map((name) => `using ${name};\n`).join('') +
    '\nclass Example\n{\n    static async Task Main()\n    {\n' +
    lines.map((line) => indent(line, 8)).join('') +
    '    }\n}\n'
  );
}

/** A C# verbatim string (`@"..."`, quotes doubled): a JSON body as it is written. */
const verbatim = (text: string) => `@"${text.replaceAll('"', '""').replaceAll('\n', `\n${KEEP}`)}"`;

// -- Go (net/http) --------------------------------------------------------------------------------

const GO_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT'];

export function go(call: Call): string {
  const imports = new Set(['log', 'net/http']);
  const env = (name: string) => `os.Getenv("${name}")`;
  const lines: string[] = [];
  const kind = bodyKind(call);
  const media = call.mediaType || 'application/json';
  const body = call.body as Record<string, unknown>;
  const fatal = 'if err != nil {\n\tlog.Fatal(err)\n}';
  let reader = 'nil';
  let payload = '';
  if (kind === 'json' || kind === 'text') {
    imports.add('strings');
    payload = `const payload = ${goRaw(kind === 'json' ? jsonText(call) : (call.body as string))}\n\n`;
    reader = 'strings.NewReader(payload)';
  } else if (kind === 'form') {
    imports.add('net/url').add('strings');
    lines.push('form := url.Values{}');
    lines.push(...Object.entries(body).map(([k, v]) => `form.Set(${goString(k)}, ${goString(formValue(v))})`));
    lines.push('body := strings.NewReader(form.Encode())');
    reader = 'body';
  } else if (kind === 'multipart') {
    imports.add('bytes').add('mime/multipart');
    lines.push('var body bytes.Buffer', 'form := multipart.NewWriter(&body)');
    lines.push(...Object.entries(body).map(([k, v]) => `form.WriteField(${goString(k)}, ${goString(formValue(v))})`));
    lines.push('form.Close()');
    reader = '&body';
  } else if (kind === 'file') {
    imports.add('os');
    lines.push('body, err := os.Open("body")', fatal, 'defer body.Close()');
    reader = 'body';
  }
  const method = GO_METHODS.includes(call.method) ? `http.Method${capitalized(call.method)}` : goString(call.method);
  // gofmt's spacing in an argument list
  lines.push(`req, err := http.NewRequest(${method}, ${joined(urlPieces(call), goString, env, '+')}, ${reader})`, fatal);
  if (call.token) lines.push(`req.Header.Set("Authorization", "Bearer "+${env('TOKEN')})`);
  if (call.basic) lines.push(`req.SetBasicAuth(${env('USERNAME')}, ${env('PASSWORD')})`);
  lines.push(
    ...call.headers.map(([name, value]) => `req.Header.Set(${goString(name)}, ${joined(valuePieces(value), goString, env, '+')})`),
  );
  if (kind === 'multipart') lines.push('req.Header.Set("Content-Type", form.FormDataContentType())');
  else if (kind === 'form') lines.push('req.Header.Set("Content-Type", "application/x-www-form-urlencoded")');
  else if (kind !== 'none') lines.push(`req.Header.Set("Content-Type", ${goString(media)})`);
  if (
    call.token ||
    call.basic ||
    urlPieces(call).some(([variable]) => variable) ||
    call.headers.some(([, value]) => isSecret(value))
  ) {
    imports.add('os');
  }
  lines.push(
    'resp, err := http.DefaultClient.Do(req)',
    fatal,
    'defer resp.Body.Close()',
    'if resp.StatusCode >= 400 {\n\tlog.Fatalf("HTTP %s", resp.Status)\n}',
  );
  if (call.answer === 'json' || call.answer === 'text') {
    imports.add('fmt').add('io');
    lines.push('answer, err := io.ReadAll(resp.Body)', fatal, 'fmt.Println(string(answer))');
  } else if (call.answer === 'binary') {
    imports.add('io').add('os');
    lines.push(
      `file, err := os.Create("${answerFile(call)}")`,
      fatal,
      'defer file.Close()',
      'if _, err := io.Copy(file, resp.Body); err != nil {\n\tlog.Fatal(err)\n}',
    );
  } else {
    imports.add('fmt');
    lines.push('fmt.Println(resp.Status)');
  }
  return (
    `package main\n\nimport (\n${sorted(imports)
      .map((name) => `\t"${name}"\n`)
      .join('')})\n\n` +
    `${payload}func main() {\n${lines.map((line) => `\t${line.replaceAll('\n', '\n\t')}\n`).join('')}}\n`
  );
}

const goString = (text: string) => JSON.stringify(text);
/** A raw string literal (the text as it is written), or an interpreted one when it holds a backquote. */
const goRaw = (text: string) => (!text.includes('`') && !text.includes('\r') ? `\`${text}\`` : goString(text));

const GENERATORS: Record<string, (call: Call) => string> = { curl, python, javascript, java, php, csharp, go };
