/**
 * The widget test page: the options in the query string (`?channelId=812&eventId=4521&environment=
 * sandbox`), read with the site's query-string helper, mount the widget in a preview for QA; the form
 * writes them there, so a configuration can be shared as a link. A bad value (a channel id that is
 * not a number, both an event and a session) is a message on the page, never a blank preview. The
 * sandbox runs the site's own widget; pre-production and production load `scriptUrl`.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAIN_ID } from '../lib/ids';
import { SiteLink } from '../lib/SiteLink';
import { useSite } from '../lib/site';
import { useQueryParams } from '../lib/queryParams';
import { useHydrated } from '../lib/useHydrated';
import { SnippetBlock } from '../simulator/SnippetBlock';
import { WidgetPreview } from '../simulator/WidgetPreview';
import { sandboxScriptUrl } from '../simulator/snippet';
import { DEFAULT_FORM, embedSnippet, formFromQuery, queryFromForm, resolveForm, type WidgetForm } from '../widget/form';
import { ENVIRONMENTS } from '../widget/options';

interface Props {
  title: string;
  intro: string;
  scriptUrl: string;
  defaults: { channelId: string; eventId: string; sessionId?: string; environment: string; locale: string };
  /** A note is a sentence, or a sentence that ends with a link to a page of the site. */
  notes: (string | { text: string; label: string; to: string })[];
}

const PAGE_OPTIONS = ['channelId', 'eventId', 'sessionId', 'environment', 'locale'];
const ENVIRONMENT_LABELS: Record<string, string> = { sandbox: 'Sandbox', 'pre-production': 'Pre-production', production: 'Production' };

/** The page's fields decide where the widget starts: an event id, else a session id, else the channel's events. */
function withStart(form: WidgetForm): WidgetForm {
  return { ...form, startOn: form.eventId.trim() ? 'event' : form.sessionId.trim() ? 'session' : 'channel' };
}

export function WidgetTests({ title, intro, scriptUrl, defaults, notes }: Props) {
  const site = useSite();
  const hydrated = useHydrated();
  const [params, setParams] = useQueryParams();
  const base: WidgetForm = withStart({ ...DEFAULT_FORM, ...defaults, sessionId: defaults.sessionId ?? '' });
  // The query string is read once the page has hydrated (the prerendered HTML has none).
  const query = hydrated ? params.toString() : '';
  const fromQuery = withStart(formFromQuery(new URLSearchParams(query), base));
  const [form, setForm] = useState(fromQuery);
  useEffect(() => setForm(fromQuery), [query]); // eslint-disable-line react-hooks/exhaustive-deps
  const formId = useId();
  const errorsId = useId();

  const resolved = resolveForm(fromQuery);
  // This page sets only these options: the others keep the widget's defaults, in the preview and the code.
  const applied = {
    ...resolved,
    options: Object.fromEntries(PAGE_OPTIONS.filter((name) => name in resolved.options).map((name) => [name, resolved.options[name]])),
  };
  const problems = Object.values(applied.errors);
  const snippetUrl = fromQuery.environment === 'sandbox' ? sandboxScriptUrl(site) : scriptUrl;
  const snippet = embedSnippet(applied.options, { version: 'v2', embed: 'html', previewHeight: '' }, snippetUrl);
  const editing = resolveForm(form).errors;

  const load = (event: FormEvent) => {
    event.preventDefault();
    setParams(queryFromForm(withStart(form), base));
  };

  const field = (name: 'channelId' | 'eventId' | 'sessionId' | 'locale', label: string, hint?: string) => (
    <label className="form-field">
      <span>{label}</span>
      <input
        name={name}
        value={form[name]}
        inputMode={name === 'locale' ? undefined : 'numeric'}
        aria-invalid={editing[name] ? true : undefined}
        aria-describedby={editing[name] ? `${formId}-${name}` : undefined}
        placeholder={hint}
        onChange={(e) => setForm(withStart({ ...form, [name]: e.target.value }))}
      />
      {editing[name] && (
        <small id={`${formId}-${name}`} className="widget-error">
          {editing[name]}
        </small>
      )}
    </label>
  );

  return (
    <main id={MAIN_ID} className="container page-main widget-tests" tabIndex={-1}>
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      <form id={formId} className="widget-form" onSubmit={load} aria-label="Widget options">
        {field('channelId', 'Channel id')}
        {field('eventId', 'Event id', 'none')}
        {field('sessionId', 'Session id', 'none')}
        <label className="form-field">
          <span>Environment</span>
          <select name="environment" value={form.environment} onChange={(e) => setForm({ ...form, environment: e.target.value })}>
            {ENVIRONMENTS.map((value) => (
              <option key={value} value={value}>
                {ENVIRONMENT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {field('locale', 'Locale')}
        <button type="submit" className="button button-primary">
          Load the widget
        </button>
      </form>
      <h2>Preview</h2>
      {problems.length > 0 ? (
        <div className="widget-problems" role="alert" id={errorsId}>
          <p>The widget is not loaded: the options in this page's address are not valid.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        hydrated && <WidgetPreview options={applied.options} scriptUrl={scriptUrl} title="Sales widget under test" />
      )}
      <h2>Embed code</h2>
      {problems.length > 0 ? <p>The embed code shows once the options are valid.</p> : <SnippetBlock code={snippet} label="Embed code" />}
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
