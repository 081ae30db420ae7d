/**
 * The live preview of the sales widget: the site's preview page (/widget/preview.html) in a
 * sandboxed iframe, re-mounted whenever its options change, and the log of the data-layer pushes
 * it reports. Used by the simulators and the widget test page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { withBase } from '../lib/paths';
import { PREVIEW_MESSAGE } from '../widget/preview-message';

interface Props {
  /** The options `mount()` gets; null while the form has errors (nothing is mounted). */
  options: Record<string, unknown> | null;
  /** The widget script for pre-production and production (the sandbox is the site's own). */
  scriptUrl: string;
  /** The container's height in pixels, for height "fixed". */
  height?: number;
  title?: string;
  /** The v1 embed's container attributes: pre-production and production then load the v1 script. */
  v1Attributes?: Record<string, string>;
  /** False: no event log (the v1 widget pushes no data-layer events). */
  showLog?: boolean;
}

interface Logged {
  id: number;
  data: Record<string, unknown>;
}

export function previewSrc(options: Record<string, unknown>, scriptUrl: string, height?: number, v1Attributes?: Record<string, string>): string {
  const params = new URLSearchParams({ options: JSON.stringify(options) });
  if (options.environment !== 'sandbox') params.set('script', scriptUrl);
  if (v1Attributes) params.set('v1', JSON.stringify(v1Attributes));
  if (height) params.set('height', String(height));
  return `${withBase('/widget/preview.html')}?${params.toString()}`;
}

export function WidgetPreview({ options, scriptUrl, height, title = 'Widget preview', v1Attributes, showLog = true }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [events, setEvents] = useState<Logged[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [frameHeight, setFrameHeight] = useState(320);
  const logId = useId();
  const src = options ? previewSrc(options, scriptUrl, height, v1Attributes) : null;

  useEffect(() => {
    setEvents([]);
    setError(null);
    let next = 0;
    const listen = (message: MessageEvent) => {
      const data = message.data as { source?: string; type?: string; data?: Record<string, unknown>; message?: string; height?: number };
      if (message.source !== frame.current?.contentWindow || data?.source !== PREVIEW_MESSAGE) return;
      if (data.type === 'event' && data.data && 'event' in data.data) {
        const entry = { id: next++, data: data.data };
        setEvents((list) => [...list, entry]);
      } else if (data.type === 'error') setError(data.message ?? 'The widget could not be mounted.');
      else if (data.type === 'resize' && data.height) setFrameHeight(Math.min(Math.max(data.height, 160), 4000));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [src]);

  return (
    <div className="widget-preview-panel">
      {error && (
        <p className="widget-error" role="alert">
          {error}
        </p>
      )}
      {src ? (
        <iframe
          ref={frame}
          key={src}
          className="widget-preview-frame"
          src={src}
          title={title}
          sandbox="allow-scripts allow-forms"
          style={{ height: `${frameHeight}px` }}
        />
      ) : (
        <p className="widget-preview widget-preview-empty">The preview shows once the options above are valid.</p>
      )}
      {showLog && (
        <>
      <div className="widget-event-log-header">
        <h3 id={logId}>Data-layer events</h3>
        <button type="button" className="button button-secondary button-sm" onClick={() => setEvents([])} disabled={!events.length}>
          Clear
        </button>
      </div>
      <ol className="widget-event-log" aria-labelledby={logId} aria-live="polite">
        {events.length === 0 && <li className="widget-event-log-empty">No events yet: use the widget above.</li>}
        {events.map(({ id, data }) => {
          const { event, ...params } = data;
          return (
            <li key={id}>
              <code className="widget-event-name">{String(event)}</code>
              <pre tabIndex={0} aria-label={`Parameters of ${String(event)}`}>
                {JSON.stringify(params, null, 2)}
              </pre>
            </li>
          );
        })}
      </ol>
        </>
      )}
    </div>
  );
}
