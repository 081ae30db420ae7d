/**
 * A doc's actions for readers who take it elsewhere: "Copy page" puts the page's Markdown (the
 * `.md` file the builder writes beside every page, see src/docsite/llms.py) on the clipboard, for an
 * AI assistant or a ticket; "View as Markdown" opens that file.
 */
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { withBase } from '../lib/paths';

export function PageActions({ markdown }: { markdown: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const href = withBase(markdown);

  const copy = async () => {
    const text = fetch(href).then((response) => {
      if (!response.ok) throw new Error(`${href} answered ${response.status}`);
      return response.text();
    });
    try {
      await copyText(text);
      setState('copied');
    } catch (error) {
      console.error('Copy page failed:', error);
      setState('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2000);
  };

  return (
    <div className="page-actions">
      <button type="button" className="button button-secondary button-sm" onClick={copy}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path
            fill="currentColor"
            d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z"
          />
        </svg>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy page'}
      </button>
      <a className="button button-secondary button-sm" href={href} type="text/markdown">
        View as Markdown
      </a>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'The page is on the clipboard as Markdown' : state === 'failed' ? 'The page could not be copied' : ''}
      </span>
    </div>
  );
}
