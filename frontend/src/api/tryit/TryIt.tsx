/**
 * The "Try it" panel of an operation: the request prefilled as the reference's code samples make
 * it (its parameters' examples, the request body's first example, the first server), editable; a
 * bearer token pasted or requested with the client-credentials grant from the token endpoint of
 * the server selected (its `x-onebox-token-url`, else the spec's flows'); client id and secret live
 * in this component's state only: never stored, never sent anywhere else. One token per
 * environment: switching the server switches the token endpoint, the token and the credentials
 * form, so a token got for one environment is never sent to another. Send; then the answer's
 * status, time, headers and body, checked against the operation's response schema for that
 * status, and the code of what was sent in the seven languages of the reference's samples.
 *
 * A chunk of its own, imported when a reader first opens a panel (Operation.tsx), with the
 * validator; the Try-it data (docsite.openapi.tryit) is fetched then too.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ApiOperation, ApiServer } from '../../types';
import { CodeBlock } from '../../renderers/CodeBlock';
import { TabItem, Tabs } from '../../renderers/Tabs';
import { fetchJson } from '../../lib/data';
import { tryItDataPath } from '../../lib/paths';
import { useApi } from '../context';
import { fullUrl, isJson, LANGUAGES, quote, sample, type Call } from './samples';
import { environmentOf, type Environment } from './environment';
import { deviations, type Deviation } from './validate';

interface TryItParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  value?: string;
}

interface TryItOperation {
  parameters: TryItParameter[];
  call: Call;
  request?: unknown;
  responses: Record<string, unknown>;
}

export interface TryItData {
  operations: Record<string, TryItOperation>;
  components: unknown;
  /** Server URL -> the token endpoint of its environment (the server's `x-onebox-token-url`). */
  tokenUrls?: Record<string, string>;
}

/** An API's Try-it data, fetched once per page load (a missing file fails like any other). */
async function loadTryIt(api: string): Promise<TryItData> {
  const data = await fetchJson<TryItData>(tryItDataPath(api));
  if (!data) throw new Error(`No Try-it data for ${api}`);
  return data;
}

export default function TryItPanel({ op }: { op: ApiOperation }) {
  const { page } = useApi();
  const [data, setData] = useState<TryItData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadTryIt(page.api.name).then(setData, () => setFailed(true));
  }, [page.api.name]);
  if (failed)
    return <p className="api-tryit-message">The request form could not be loaded. Reload the page to try again.</p>;
  const operation = data?.operations[op.id];
  if (!data || !operation) return <p className="api-tryit-message">Loading…</p>;
  const servers = op.servers ?? page.servers ?? [];
  const flowTokenUrls = [
    ...new Set(
      (page.securitySchemes ?? [])
        .flatMap((scheme) => (scheme.flows ?? []).map((flow) => flow.tokenUrl ?? ''))
        .filter(Boolean),
    ),
  ];
  // the scopes the operation asks for (its first security requirement), requested with the token
  const scopes = [...new Set(((op.security ?? page.security)?.[0] ?? []).flatMap((need) => need.scopes))].join(' ');
  return (
    <Form
      op={op}
      operation={operation}
      components={data.components}
      servers={servers}
      serverTokenUrls={data.tokenUrls ?? {}}
      flowTokenUrls={flowTokenUrls}
      scopes={scopes}
    />
  );
}

type BodyCheck = { value: unknown; deviations: Deviation[] } | { syntax: string };

interface Sent {
  call: Call;
  answer?: Answer;
  /** The request never got an answer the page could read. */
  failure?: string;
}

interface Answer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  /** The body as JSON, when it is JSON. */
  json?: unknown;
  deviations: Deviation[];
  /** Why the body was not checked, when it was not. */
  unchecked?: string;
}

function Form({
  op,
  operation,
  components,
  servers,
  serverTokenUrls,
  flowTokenUrls,
  scopes,
}: {
  op: ApiOperation;
  operation: TryItOperation;
  components: unknown;
  servers: ApiServer[];
  serverTokenUrls: Record<string, string>;
  flowTokenUrls: string[];
  scopes: string;
}) {
  const id = useId();
  const { call } = operation;
  const [server, setServer] = useState(servers[0]?.url ?? '');
  const environment = environmentOf(server, serverTokenUrls, flowTokenUrls);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      operation.parameters.map((p) => [`${p.in}:${p.name}`, p.in === 'path' || p.required ? (p.value ?? '') : '']),
    ),
  );
  // one token per environment: the selected one's is shown and sent, no other
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const token = tokens[environment.key] ?? '';
  const setToken = (value: string) => setTokens((all) => ({ ...all, [environment.key]: value }));
  const hasBody = call.mediaType !== undefined;
  const jsonBody = hasBody && isJson(call.mediaType ?? '');
  const [body, setBody] = useState(() =>
    !hasBody ? '' : typeof call.body === 'string' && !jsonBody ? call.body : JSON.stringify(call.body ?? {}, null, 2),
  );
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const result = useRef<HTMLDivElement>(null);

  const bodyCheck = useMemo((): BodyCheck | null => {
    if (!jsonBody) return null;
    try {
      const value: unknown = JSON.parse(body);
      return { value, deviations: operation.request ? deviations(operation.request, components, value) : [] };
    } catch (error) {
      return { syntax: (error as Error).message };
    }
  }, [body, jsonBody, operation.request, components]);

  const build = (): Call => {
    let path = op.path;
    const query: [string, string][] = [];
    const headers: [string, string][] = [];
    for (const p of operation.parameters) {
      const value = values[`${p.in}:${p.name}`] ?? '';
      if (p.in === 'path') path = path.replace(`{${p.name}}`, quote(value));
      else if (!value) continue;
      else if (p.in === 'query') query.push([p.name, value]);
      else if (p.in === 'header') headers.push([p.name, value]);
      else headers.push(['Cookie', `${p.name}=${value}`]);
    }
    // API keys stay variables in the code (the reader's own); the specs' APIs take bearer tokens
    const secrets = <T,>(entries: [string, T][]) => entries.filter(([, value]) => typeof value !== 'string');
    const built: Call = {
      ...call,
      url: server.replace(/\/+$/, '') + path,
      query: [...query, ...secrets(call.query)],
      headers: [...headers, ...secrets(call.headers)],
    };
    if (hasBody) built.body = bodyCheck && 'value' in bodyCheck ? bodyCheck.value : body;
    return built;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (bodyCheck && 'syntax' in bodyCheck) return;
    const request = build();
    setSending(true);
    const plain = <T,>(entries: [string, T][]) =>
      entries.filter((entry): entry is [string, T & string] => typeof entry[1] === 'string');
    const headers = new Headers(plain(request.headers));
    if (request.token && token) headers.set('Authorization', `Bearer ${token.trim()}`);
    if (hasBody) headers.set('Content-Type', request.mediaType!);
    const started = performance.now();
    let outcome: Sent;
    try {
      const response = await fetch(fullUrl({ ...request, query: plain(request.query) }), {
        method: request.method,
        headers,
        body: hasBody ? (jsonBody ? JSON.stringify(request.body) : body) : undefined,
        credentials: 'omit',
        cache: 'no-store',
      });
      const type = response.headers.get('Content-Type') ?? '';
      const text = /json|^text\/|xml/.test(type) ? await response.text() : await binary(response, type);
      const ms = Math.round(performance.now() - started);
      outcome = { call: request, answer: answerOf(response, text, ms, operation, components) };
    } catch (error) {
      outcome = { call: request, failure: (error as Error).message };
    }
    setSent(outcome);
    setSending(false);
  };
  // the answer is where the reader (and a screen reader's cursor) goes next
  useEffect(() => {
    if (sent) result.current?.focus();
  }, [sent]);

  const place = (where: TryItParameter['in']) => operation.parameters.filter((p) => p.in === where);
  return (
    <div className="api-tryit-panel">
      <form onSubmit={send} noValidate>
        <div className="api-tryit-field">
          <label htmlFor={`${id}-server`}>Server</label>
          <select id={`${id}-server`} value={server} onChange={(event) => setServer(event.target.value)}>
            {servers.map((s) => (
              <option key={s.url} value={s.url}>
                {s.description ? `${s.description}: ${s.url}` : s.url}
              </option>
            ))}
          </select>
        </div>
        {call.token && (
          <Credentials id={id} token={token} setToken={setToken} environment={environment} scopes={scopes} />
        )}
        {(['path', 'query', 'header', 'cookie'] as const).map((where) =>
          place(where).length ? (
            <fieldset key={where} className="api-tryit-group">
              <legend>{`${where[0]!.toUpperCase()}${where.slice(1)} parameters`}</legend>
              {place(where).map((p) => {
                const key = `${p.in}:${p.name}`;
                return (
                  <div key={key} className="api-tryit-field">
                    <label htmlFor={`${id}-${key}`}>
                      <code>{p.name}</code>
                      {p.required && <span className="api-tryit-required"> (required)</span>}
                    </label>
                    <input
                      id={`${id}-${key}`}
                      value={values[key] ?? ''}
                      placeholder={p.value}
                      required={p.required}
                      spellCheck={false}
                      autoComplete="off"
                      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                    />
                  </div>
                );
              })}
            </fieldset>
          ) : null,
        )}
        {hasBody && (
          <div className="api-tryit-field">
            <label htmlFor={`${id}-body`}>
              Request body <code>{call.mediaType}</code>
            </label>
            <textarea
              id={`${id}-body`}
              className="api-tryit-body"
              value={body}
              spellCheck={false}
              rows={Math.min(18, Math.max(4, body.split('\n').length + 1))}
              aria-invalid={bodyCheck ? 'syntax' in bodyCheck || bodyCheck.deviations.length > 0 : undefined}
              aria-describedby={`${id}-body-check`}
              onChange={(event) => setBody(event.target.value)}
            />
            <div id={`${id}-body-check`} className="api-tryit-check" aria-live="polite">
              {bodyCheck && 'syntax' in bodyCheck && (
                <p className="api-tryit-bad">Not valid JSON: {bodyCheck.syntax}</p>
              )}
              {bodyCheck && 'deviations' in bodyCheck && bodyCheck.deviations.length > 0 && (
                <DeviationList title="The body does not match the request schema:" items={bodyCheck.deviations} />
              )}
              {bodyCheck && 'deviations' in bodyCheck && bodyCheck.deviations.length === 0 && (
                <p className="api-tryit-good">Valid JSON, matches the request schema.</p>
              )}
            </div>
          </div>
        )}
        <div className="api-tryit-actions">
          <button
            type="submit"
            className="api-tryit-send"
            disabled={sending || Boolean(bodyCheck && 'syntax' in bodyCheck)}
          >
            {sending ? 'Sending…' : 'Send'}
          </button>
          <span className="api-tryit-note">
            Sends {op.method} to {server || 'the server'} from your browser.
          </span>
        </div>
      </form>
      {sent && (
        <div ref={result} tabIndex={-1} className="api-tryit-result" role="group" aria-label="Response">
          {sent.answer ? <AnswerView answer={sent.answer} /> : <Failure message={sent.failure ?? ''} />}
          <div className="api-samples api-tryit-code">
            <p className="api-aside-title">The request sent, as code</p>
            {call.token && (
              <p className="api-tryit-note">
                The token is left out, as <code>$TOKEN</code>: set it in your shell or code.
              </p>
            )}
            <Tabs groupId="language" items={LANGUAGES}>
              {LANGUAGES.map((language) => (
                <TabItem key={language.value} value={language.value} label={language.label}>
                  <CodeBlock language={language.language} html={escapeHtml(sample(language.value, sent.call))} />
                </TabItem>
              ))}
            </Tabs>
          </div>
        </div>
      )}
    </div>
  );
}

function Credentials({
  id,
  token,
  setToken,
  environment,
  scopes,
}: {
  id: string;
  token: string;
  setToken(token: string): void;
  environment: Environment;
  scopes: string;
}) {
  return (
    <fieldset className="api-tryit-group">
      <legend>Authorization</legend>
      <div className="api-tryit-field">
        <label htmlFor={`${id}-token`}>Bearer token</label>
        <SecretInput id={`${id}-token`} value={token} onChange={setToken} />
      </div>
      <details className="api-tryit-credentials">
        <summary>Get a token with client credentials</summary>
        {/* a new environment starts a new form: another environment's client id and secret are
            never posted to this one's token endpoint */}
        <ClientCredentials
          key={environment.key}
          id={id}
          setToken={setToken}
          tokenUrls={environment.tokenUrls}
          scopes={scopes}
        />
      </details>
    </fieldset>
  );
}

/**
 * A password input that is not controlled by React: React copies a controlled input's value into
 * its `value` attribute, which puts a token or client secret in the page's HTML (anything reading
 * the DOM, an extension or a saved page, would have it). Typing updates `value` (the component's
 * state); a new `value` from elsewhere (a token received, another environment's) is written to the
 * input's property, never to an attribute.
 */
function SecretInput({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && input.current.value !== value) input.current.value = value;
  }, [value]);
  return (
    <input
      ref={input}
      id={id}
      type="password"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function ClientCredentials({
  id,
  setToken,
  tokenUrls,
  scopes,
}: {
  id: string;
  setToken(token: string): void;
  tokenUrls: string[];
  scopes: string;
}) {
  const [clientId, setClientId] = useState('');
  const [scope, setScope] = useState(scopes);
  const [secret, setSecret] = useState('');
  const [tokenUrl, setTokenUrl] = useState(tokenUrls[0] ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const requestToken = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: secret,
          ...(scope.trim() ? { scope: scope.trim() } : {}),
        }),
        credentials: 'omit',
        cache: 'no-store',
      });
      const answer = (await response.json().catch(() => ({}))) as {
        access_token?: string;
        expires_in?: number;
        error?: string;
        error_description?: string;
      };
      if (response.ok && answer.access_token) {
        setToken(answer.access_token);
        setStatus({
          ok: true,
          text: `Token received${answer.expires_in ? `, valid for ${answer.expires_in} s` : ''}.`,
        });
      } else {
        setStatus({
          ok: false,
          text: `The token endpoint answered ${response.status}${answer.error ? `: ${(answer.error_description ?? answer.error).replace(/\.$/, '')}` : ''}.`,
        });
      }
    } catch {
      setStatus({
        ok: false,
        text: `${tokenUrl} could not be reached, or did not allow this site to read its answer (CORS).`,
      });
    }
    setBusy(false);
  };

  return (
    <div className="details-content">
      <p className="api-tryit-note">
        Kept in this page only: never stored, sent only to the token endpoint of the server selected above.
      </p>
      {tokenUrls.length > 1 ? (
        <div className="api-tryit-field">
          <label htmlFor={`${id}-token-url`}>Token endpoint</label>
          <select id={`${id}-token-url`} value={tokenUrl} onChange={(event) => setTokenUrl(event.target.value)}>
            {tokenUrls.map((url) => (
              <option key={url}>{url}</option>
            ))}
          </select>
        </div>
      ) : (
        <p className="api-tryit-note">
          Token endpoint: <code>{tokenUrl}</code>
        </p>
      )}
      <div className="api-tryit-field">
        <label htmlFor={`${id}-client-id`}>Client id</label>
        <input
          id={`${id}-client-id`}
          value={clientId}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setClientId(event.target.value)}
        />
      </div>
      <div className="api-tryit-field">
        <label htmlFor={`${id}-client-secret`}>Client secret</label>
        <SecretInput id={`${id}-client-secret`} value={secret} onChange={setSecret} />
      </div>
      <div className="api-tryit-field">
        <label htmlFor={`${id}-scope`}>Scope</label>
        <input
          id={`${id}-scope`}
          value={scope}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setScope(event.target.value)}
        />
      </div>
      <button
        type="button"
        className="api-tryit-secondary"
        disabled={busy || !clientId || !secret || !tokenUrl}
        onClick={requestToken}
      >
        {busy ? 'Requesting…' : 'Get token'}
      </button>
      <p className={status?.ok === false ? 'api-tryit-bad' : 'api-tryit-good'} role="status">
        {status?.text}
      </p>
    </div>
  );
}

function answerOf(
  response: Response,
  text: string,
  ms: number,
  operation: TryItOperation,
  components: unknown,
): Answer {
  const headers = [...response.headers.entries()];
  const answer: Answer = {
    status: response.status,
    statusText: response.statusText,
    ms,
    headers,
    body: text,
    deviations: [],
  };
  const status = String(response.status);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => k in operation.responses);
  if (text && /json/.test(response.headers.get('Content-Type') ?? '')) {
    try {
      answer.json = JSON.parse(text);
    } catch {
      answer.unchecked = 'The body is not valid JSON.';
      return answer;
    }
  }
  if (key === undefined) answer.unchecked = `The spec lists no ${status} response for this operation.`;
  else if (answer.json !== undefined) answer.deviations = deviations(operation.responses[key], components, answer.json);
  return answer;
}

function AnswerView({ answer }: { answer: Answer }) {
  const body = answer.json !== undefined ? JSON.stringify(answer.json, null, 2) : answer.body;
  const ok = answer.status < 400;
  return (
    <>
      <p className="api-tryit-status">
        <span className={`api-status api-status-${String(answer.status)[0]}`}>{answer.status}</span>{' '}
        {answer.statusText || (ok ? 'OK' : 'Error')} <span className="api-tryit-time">in {answer.ms} ms</span>
      </p>
      {answer.unchecked ? (
        <p className="api-tryit-note">{answer.unchecked}</p>
      ) : answer.deviations.length ? (
        <DeviationList
          title={`The body does not match the ${answer.status} response schema:`}
          items={answer.deviations}
        />
      ) : answer.json !== undefined ? (
        <p className="api-tryit-good">The body matches the {answer.status} response schema.</p>
      ) : null}
      <details className="api-tryit-headers">
        <summary>Headers ({answer.headers.length})</summary>
        <dl className="details-content">
          {answer.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      {body && (
        <CodeBlock
          language={answer.json !== undefined ? 'json' : 'text'}
          title="Response body"
          html={escapeHtml(body)}
        />
      )}
    </>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <div className="api-tryit-failure" role="alert">
      <p>
        <strong>No response.</strong> The request failed before the page could read an answer: either it did not reach
        the server (network down, wrong address, server not running) or the server answered without allowing this site
        to read the answer (CORS). Browsers do not tell pages which of the two happened.
      </p>
      <p>Run the cURL command below from a terminal: it is not subject to CORS, and shows what the server answers.</p>
      {message && <p className="api-tryit-note">The browser said: {message}</p>}
    </div>
  );
}

function DeviationList({ title, items }: { title: string; items: Deviation[] }) {
  return (
    <div className="api-tryit-deviations">
      <p className="api-tryit-bad">{title}</p>
      <ul>
        {items.map((d) => (
          <li key={`${d.pointer} ${d.message}`}>
            <code>{d.pointer || '(the body)'}</code> {d.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A body that is not text (the tickets' PDF): its size and type, not its bytes. */
async function binary(response: Response, type: string): Promise<string> {
  const size = (await response.arrayBuffer()).byteLength;
  return size ? `(${size} bytes${type ? ` of ${type}` : ''})` : '';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
