/**
 * The webhook signature checker, placed in a doc page with `::SignatureChecker`: paste a raw body, its
 * `X-Onebox-Signature` header and the webhook secret, and it says whether the header verifies and, if
 * not, why (malformed header, timestamp outside the 5-minute window and by how much, or a signature
 * that does not match, which HMAC cannot tell apart between a changed body and a wrong secret).
 *
 * Everything stays in the browser: Web Crypto computes the HMAC; the inputs are uncontrolled (React
 * state never holds the secret), there is no <form> to submit anywhere, nothing is fetched and
 * nothing is written to storage or to the URL.
 */
import { useId, useRef, useState } from 'react';
import { useHydrated } from '../lib/useHydrated';
import { duration, HEADER_NAME, TOLERANCE_SECONDS, verify, type Verdict } from './signature';
import './signature-checker.css';

/** The page's documented test vector ("Check your code with the test vector"). */
const TEST_VECTOR = {
  body: '{"id":"6f1d2c3b-8e4a-4b7c-9d2e-1a3f5b7c9e0d","type":"order.purchased"}',
  header: 't=1770745340,v1=dd2486fdc83362fe41c6fa9800474ea6d9f6cfa88688f4151ab662e5fa6d5d75',
  secret: 'whsec_test_5f2b8c1d9e4a7b3c6d0e2f8a',
  now: '1770745340',
};

const MINUTES = TOLERANCE_SECONDS / 60;

function Result({ verdict }: { verdict: Verdict }) {
  switch (verdict.kind) {
    case 'verified':
      return (
        <>
          <p className="signature-verdict">Verified: the signature matches this body and secret.</p>
          <p>
            {verdict.skew === null
              ? 'The timestamp window was not checked.'
              : verdict.skew === 0
                ? `The timestamp equals the time checked against: within the ${MINUTES}-minute window.`
                : `The timestamp is ${duration(verdict.skew)} ${verdict.skew > 0 ? 'ahead of' : 'behind'} the time checked against: within the ${MINUTES}-minute window.`}
          </p>
        </>
      );
    case 'malformed':
      return (
        <>
          <p className="signature-verdict">Malformed header: {verdict.problem}.</p>
          <p>
            The header is <code>t=&lt;Unix seconds&gt;,v1=&lt;64 hex characters&gt;</code>, for example <code>{TEST_VECTOR.header}</code>.
          </p>
        </>
      );
    case 'no-secret':
      return <p className="signature-verdict">Enter the webhook secret of the endpoint that received the call.</p>;
    case 'unavailable':
      return <p className="signature-verdict">This browser offers no Web Crypto here: open the page over HTTPS.</p>;
    case 'window':
      return (
        <>
          <p className="signature-verdict">
            Timestamp outside the {MINUTES}-minute window: <code>t</code> is {duration(verdict.skew)} {verdict.skew < 0 ? 'older than' : 'ahead of'} the time
            checked against, <code>{verdict.now}</code> ({Math.abs(verdict.skew).toLocaleString('en')} seconds apart; at most {TOLERANCE_SECONDS} are allowed).
          </p>
          <p>
            {verdict.matches
              ? 'The signature itself matches this body and secret: a receiver would still reject the call as a possible replay.'
              : 'The signature does not match either: the body was changed or the secret is wrong.'}{' '}
            To check an old call, such as the test vector, set “Check against” to its <code>t</code> or uncheck the window.
          </p>
        </>
      );
    case 'mismatch':
      return (
        <>
          <p className="signature-verdict">Signature does not match: the body was changed or the secret is wrong.</p>
          <p>
            HMAC cannot tell these two apart. Check that the body is the raw bytes as received (not reformatted JSON, no added line break at the end)
            and that the secret is the one of this endpoint and environment. This body and secret give <code className="signature-computed">v1={verdict.computed}</code>.
          </p>
        </>
      );
  }
}

export function SignatureChecker() {
  const id = useId();
  const body = useRef<HTMLTextAreaElement>(null);
  const header = useRef<HTMLInputElement>(null);
  const secret = useRef<HTMLInputElement>(null);
  const windowChecked = useRef<HTMLInputElement>(null);
  const now = useRef<HTMLInputElement>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [nowProblem, setNowProblem] = useState('');
  const run = useRef(0);
  // The buttons do nothing until this lazily loaded component has hydrated: disabled till then.
  const hydrated = useHydrated();

  const check = async () => {
    const at = now.current!.value.trim();
    if (at && !/^[0-9]+$/.test(at)) {
      setNowProblem('Unix seconds, digits only (or leave it empty for this device’s clock)');
      setVerdict(null);
      return;
    }
    setNowProblem('');
    const current = ++run.current;
    const result = await verify(
      {
        body: body.current!.value,
        header: header.current!.value,
        secret: secret.current!.value,
        now: windowChecked.current!.checked ? (at ? Number(at) : Math.floor(Date.now() / 1000)) : null,
      },
      globalThis.crypto?.subtle,
    );
    if (current === run.current) setVerdict(result);
  };
  const clear = () => {
    run.current++;
    setVerdict(null);
  };
  const fillTestVector = () => {
    body.current!.value = TEST_VECTOR.body;
    header.current!.value = TEST_VECTOR.header;
    secret.current!.value = TEST_VECTOR.secret;
    now.current!.value = TEST_VECTOR.now;
    windowChecked.current!.checked = true;
    clear();
  };
  const ok = verdict?.kind === 'verified';

  return (
    <section className="signature-checker" aria-label="Webhook signature checker" onInput={clear}>
      <div className="form-field">
        <label htmlFor={`${id}-body`}>Raw body</label>
        <textarea id={`${id}-body`} ref={body} rows={6} spellCheck={false} autoComplete="off" autoCorrect="off" autoCapitalize="off" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-header`}>{HEADER_NAME} header</label>
        <input id={`${id}-header`} ref={header} spellCheck={false} autoComplete="off" autoCapitalize="off" placeholder="t=1770745340,v1=dd2486fd…" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-secret`}>Webhook secret</label>
        <input id={`${id}-secret`} ref={secret} type="password" autoComplete="off" spellCheck={false} />
      </div>
      <div className="signature-window">
        <label className="signature-window-toggle">
          <input type="checkbox" ref={windowChecked} defaultChecked /> Check the {MINUTES}-minute timestamp window
        </label>
        <div className="form-field">
          <label htmlFor={`${id}-now`}>Check against (Unix seconds)</label>
          <input
            id={`${id}-now`}
            ref={now}
            inputMode="numeric"
            autoComplete="off"
            placeholder="empty: this device’s clock"
            aria-invalid={nowProblem ? true : undefined}
            aria-describedby={nowProblem ? `${id}-now-error` : undefined}
          />
          {nowProblem && (
            <small id={`${id}-now-error`} className="widget-error">
              {nowProblem}
            </small>
          )}
        </div>
      </div>
      <div className="signature-actions">
        <button type="button" className="button button-primary" onClick={check} disabled={!hydrated}>
          Check signature
        </button>
        <button type="button" className="button button-secondary" onClick={fillTestVector} disabled={!hydrated}>
          Fill in the test vector
        </button>
      </div>
      <div className={`signature-result${verdict ? (ok ? ' signature-ok' : ' signature-failed') : ''}`} role="status" aria-live="polite">
        {verdict && <Result verdict={verdict} />}
      </div>
    </section>
  );
}
