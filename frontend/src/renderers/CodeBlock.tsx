/** A highlighted code block (highlighted at build time), with a title and a copy button. */
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../lib/clipboard';

interface Props {
  language: string;
  html: string;
  title?: string;
  showLineNumbers?: boolean;
}

export function CodeBlock({ language, html, title, showLineNumbers }: Props) {
  const code = useRef<HTMLElement>(null);
  return (
    <div className={`code-block language-${language}`}>
      {title && <div className="code-block-title">{title}</div>}
      <div className="code-block-body">
        <pre tabIndex={0} aria-label={title ? `Code: ${title}` : `Code (${language})`}>
          <code
            ref={code}
            className={showLineNumbers ? 'with-line-numbers' : undefined}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </pre>
        <CopyButton getText={() => code.current?.textContent ?? ''} />
      </div>
    </div>
  );
}

/** Copies the code; confirms with a check mark and "Copied" for two seconds (announced to screen readers). */
export function CopyButton({ getText }: { getText: () => string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    await copyText(getText().replace(/\n$/, ''));
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className={`copy-button${copied ? ' copied' : ''}`}
      aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
      title={copied ? 'Copied' : 'Copy'}
      onClick={copy}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="copy-button-icon">
        {copied ? (
          <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z" />
        ) : (
          <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
        )}
      </svg>
      <span className="copy-button-text" aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </button>
  );
}
