/** A highlighted code block (highlighted at build time), with a title and a copy button. */
import { useRef, useState } from 'react';

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

export function CopyButton({ getText }: { getText: () => string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = getText().replace(/\n$/, '');
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      fallbackCopy(text);
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className={`copy-button${copied ? ' copied' : ''}`}
      aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
      title="Copy"
      onClick={copy}
    >
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </button>
  );
}

function fallbackCopy(text: string) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}
