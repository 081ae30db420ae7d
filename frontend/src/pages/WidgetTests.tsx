/**
 * The widget test page: fill in a channel and an event or session, see the embed code, and load the
 * real sales widget from Onebox's widget host to check it in this page.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAIN_ID } from '../chrome/SkipToContent';
import { CopyButton } from '../content/CodeBlock';
import { SiteLink } from '../content/SiteLink';

interface Props {
  title: string;
  intro: string;
  scriptUrl: string;
  defaults: { channelId: string; eventId: string; environment: 'pre-production' | 'production'; locale: string };
  /** A note is a sentence, or a sentence that ends with a link to a page of the site. */
  notes: (string | { text: string; label: string; to: string })[];
}

interface WidgetApi {
  mount(element: HTMLElement, options: Record<string, unknown>): { unmount(): void };
}

declare global {
  interface Window {
    OneboxWidget?: WidgetApi;
  }
}

type Status = { state: 'idle' } | { state: 'loading' } | { state: 'mounted' } | { state: 'error'; message: string };

/** The embed code, in the shape the installation guide shows: the container, then the script. */
export function embedSnippet(scriptUrl: string, options: Props['defaults']): string {
  return [
    `<div`,
    `  data-onebox-widget`,
    `  data-channel-id="${options.channelId}"`,
    `  data-event-id="${options.eventId}"`,
    `  data-locale="${options.locale}"`,
    `  data-environment="${options.environment}"`,
    `></div>`,
    `<script async src="${scriptUrl}"></script>`,
  ].join('\n');
}

export function WidgetTests({ title, intro, scriptUrl, defaults, notes }: Props) {
  const [options, setOptions] = useState(defaults);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<{ unmount(): void } | null>(null);
  const formId = useId();
  const snippet = embedSnippet(scriptUrl, options);

  const load = (event: FormEvent) => {
    event.preventDefault();
    setStatus({ state: 'loading' });
    const mount = () => {
      try {
        mounted.current?.unmount();
        mounted.current = window.OneboxWidget!.mount(container.current!, {
          channelId: Number(options.channelId),
          eventId: Number(options.eventId),
          environment: options.environment,
          locale: options.locale,
        });
        setStatus({ state: 'mounted' });
      } catch (error) {
        setStatus({ state: 'error', message: `The widget refused these options: ${String(error)}` });
      }
    };
    if (window.OneboxWidget) return mount();
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.OneboxWidget
        ? mount()
        : setStatus({ state: 'error', message: 'The widget script loaded but did not define OneboxWidget.' });
    script.onerror = () =>
      setStatus({
        state: 'error',
        message: `The widget script could not be loaded from ${scriptUrl}. Check your connection, and that no content-security policy or blocker stops it.`,
      });
    document.body.appendChild(script);
  };

  const field = (name: keyof Props['defaults'], label: string) => (
    <label className="form-field">
      <span>{label}</span>
      <input
        name={name}
        value={options[name]}
        onChange={(e) => setOptions({ ...options, [name]: e.target.value })}
        required
      />
    </label>
  );

  return (
    <main id={MAIN_ID} className="container page-main widget-tests" tabIndex={-1}>
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      <form id={formId} className="widget-form" onSubmit={load}>
        {field('channelId', 'Channel id')}
        {field('eventId', 'Event id')}
        <label className="form-field">
          <span>Environment</span>
          <select
            name="environment"
            value={options.environment}
            onChange={(e) => setOptions({ ...options, environment: e.target.value as Props['defaults']['environment'] })}
          >
            <option value="pre-production">Pre-production</option>
            <option value="production">Production</option>
          </select>
        </label>
        {field('locale', 'Locale')}
        <button type="submit" className="button button-primary" disabled={status.state === 'loading'}>
          Load the widget
        </button>
      </form>
      <h2>Embed code</h2>
      <div className="code-block">
        <div className="code-block-body">
          <pre tabIndex={0} aria-label="Embed code">
            <code>{snippet}</code>
          </pre>
          <CopyButton getText={() => snippet} />
        </div>
      </div>
      <h2>Preview</h2>
      <div className="widget-status" role="status" aria-live="polite">
        {status.state === 'idle' && 'Fill in the form and load the widget to preview it here.'}
        {status.state === 'loading' && 'Loading the widget…'}
        {status.state === 'mounted' && 'The widget is mounted below.'}
        {status.state === 'error' && <span className="widget-error">{status.message}</span>}
      </div>
      <div ref={container} className="widget-preview" />
      {notes.length > 0 && (
        <>
          <h2>Before you test</h2>
          <ul>
            {notes.map((note) =>
              typeof note === 'string' ? (
                <li key={note}>{note}</li>
              ) : (
                <li key={note.text}>
                  {note.text} <SiteLink href={note.to}>{note.label}</SiteLink>.
                </li>
              ),
            )}
          </ul>
        </>
      )}
    </main>
  );
}
