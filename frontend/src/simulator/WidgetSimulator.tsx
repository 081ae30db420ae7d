/**
 * The widget simulator, placed in a doc page with `::WidgetSimulator{version="v2" scriptUrl="..."
 * v1ScriptUrl="..."}`: a form with every option (validated as the widget validates them), a live
 * preview that re-mounts on change, the embed code (HTML or `mount()`; v1's container in v1 mode)
 * updated as you type with a copy button, the data-layer event log, and the options in the page's
 * query string so a configuration can be shared.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSite } from '../lib/site';
import { useQueryParams } from '../lib/queryParams';
import { useHydrated } from '../lib/useHydrated';
import { COLOR_TOKENS, DEFAULT_FORM, embedSnippet, formFromQuery, queryFromForm, resolveForm, type WidgetForm } from '../widget/form';
import { CHANNEL_LOCALES, CURRENCY_DISPLAYS, DEFAULT_THEME, ENVIRONMENTS } from '../widget/options';
import { sandboxScriptUrl } from './snippet';
import { SnippetBlock } from './SnippetBlock';
import { WidgetPreview } from './WidgetPreview';

interface Props {
  version?: 'v1' | 'v2';
  /** The real v2 and v1 scripts, for pre-production and production. */
  scriptUrl: string;
  v1ScriptUrl: string;
}

const TOKEN_LABELS: Record<string, string> = {
  colorPrimary: 'Primary',
  colorOnPrimary: 'On primary',
  colorBackground: 'Background',
  colorSurface: 'Surface',
  colorText: 'Text',
  colorBorder: 'Border',
};
const ENVIRONMENT_LABELS: Record<string, string> = { sandbox: 'Sandbox', 'pre-production': 'Pre-production', production: 'Production' };
const DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function WidgetSimulator({ version = 'v2', scriptUrl, v1ScriptUrl }: Props) {
  const site = useSite();
  const hydrated = useHydrated();
  const [params, setParams] = useQueryParams();
  const defaults: WidgetForm = { ...DEFAULT_FORM, version };
  const [form, setForm] = useState(defaults);
  const id = useId();
  const read = useRef(false);

  // Once hydrated, the query string (a shared configuration) replaces the defaults, once.
  useEffect(() => {
    if (!hydrated || read.current) return;
    read.current = true;
    if (params.has('channelId') || params.has('version')) setForm(formFromQuery(params, defaults));
  }, [hydrated]); // eslint-disable-line react-hooks/exhaustive-deps

  const settled = useDebounced(form, DEBOUNCE_MS);
  useEffect(() => {
    if (read.current) setParams(queryFromForm(settled, defaults));
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps

  const { options, errors } = resolveForm(form);
  const valid = Object.keys(errors).length === 0;
  const previewed = resolveForm(settled);
  const v1 = form.version === 'v1';
  const script = form.environment === 'sandbox' ? sandboxScriptUrl(site) : v1 ? v1ScriptUrl : scriptUrl;
  const snippet = embedSnippet(options, form, script);
  const set = (change: Partial<WidgetForm>) => setForm((current) => ({ ...current, ...change }));
  const setToken = (token: string, value: string) => setForm((current) => ({ ...current, theme: { ...current.theme, [token]: value } }));
  const v1Attributes = v1
    ? Object.fromEntries(
        [...snippet.matchAll(/ (data-[a-z-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
      )
    : undefined;

  const problem = (name: string) =>
    errors[name] ? (
      <small id={`${id}-${name}-error`} className="widget-error">
        {errors[name]}
      </small>
    ) : null;
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  const text = (name: 'channelId' | 'eventId' | 'sessionId' | 'dataLayerName' | 'previewHeight', label: ReactNode, extra: object = {}) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} value={form[name]} onChange={(e) => set({ [name]: e.target.value })} {...invalid(name)} {...extra} />
      {problem(name)}
    </div>
  );
  const select = (name: 'environment' | 'locale' | 'currencyDisplay' | 'height', label: string, choices: [string, string][]) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} name={name} value={form[name]} onChange={(e) => set({ [name]: e.target.value })} {...invalid(name)}>
        {choices.map(([value, shown]) => (
          <option key={value} value={value}>
            {shown}
          </option>
        ))}
      </select>
      {problem(name)}
    </div>
  );
  const color = (token: string, label: string) => (
    <div className="form-field simulator-color" key={token}>
      <label htmlFor={`${id}-${token}`}>{label}</label>
      <span className="simulator-color-inputs">
        <input
          type="color"
          aria-label={`${label} color picker`}
          value={/^#[0-9a-f]{6}$/i.test(form.theme[token as 'colorPrimary']) ? form.theme[token as 'colorPrimary'] : '#000000'}
          onChange={(e) => setToken(token, e.target.value)}
        />
        <input id={`${id}-${token}`} name={`theme.${token}`} value={form.theme[token as 'colorPrimary']} onChange={(e) => setToken(token, e.target.value)} {...invalid(`theme.${token}`)} />
      </span>
      {problem(`theme.${token}`)}
    </div>
  );

  return (
    <section className="widget-simulator" aria-label="Widget simulator">
      <form className="simulator-form" onSubmit={(e) => e.preventDefault()} aria-label="Widget options">
        <fieldset className="simulator-group">
          <legend>Widget</legend>
          <div className="simulator-fields">
            <div className="form-field">
              <label htmlFor={`${id}-version`}>Widget version</label>
              <select id={`${id}-version`} name="version" value={form.version} onChange={(e) => set({ version: e.target.value as 'v1' | 'v2' })}>
                <option value="v2">v2</option>
                <option value="v1">v1</option>
              </select>
            </div>
            {text('channelId', 'Channel id', { inputMode: 'numeric', required: true })}
            {select('environment', 'Environment', ENVIRONMENTS.map((e) => [e, ENVIRONMENT_LABELS[e]!]))}
            {select('locale', 'Locale', [['', "Channel's default"], ...CHANNEL_LOCALES.map((l): [string, string] => [l, l])])}
          </div>
        </fieldset>
        <fieldset className="simulator-group">
          <legend>Start on</legend>
          <div className="simulator-choices">
            {(
              [
                ['channel', 'Channel events'],
                ['event', 'Event'],
                ['session', 'Session'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="simulator-choice">
                <input type="radio" name="startOn" value={value} checked={form.startOn === value} onChange={() => set({ startOn: value })} /> {label}
              </label>
            ))}
          </div>
          <div className="simulator-fields">
            {form.startOn === 'event' && text('eventId', 'Event id', { inputMode: 'numeric' })}
            {form.startOn === 'session' && text('sessionId', 'Session id', { inputMode: 'numeric' })}
          </div>
          {form.startOn === 'event' && problem('sessionId')}
        </fieldset>
        {v1 ? (
          <fieldset className="simulator-group">
            <legend>Look</legend>
            <div className="simulator-fields">
              {color('colorPrimary', 'Color')}
              {text('previewHeight', 'Height (px)', { inputMode: 'numeric' })}
            </div>
          </fieldset>
        ) : (
          <>
            <fieldset className="simulator-group">
              <legend>Display</legend>
              <div className="simulator-fields">
                {select('currencyDisplay', 'Currency display', CURRENCY_DISPLAYS.map((c) => [c, c.charAt(0).toUpperCase() + c.slice(1)]))}
                {select('height', 'Height', [
                  ['auto', 'Auto'],
                  ['fixed', 'Fixed'],
                ])}
                {form.height === 'fixed' && text('previewHeight', 'Preview height (px)', { inputMode: 'numeric' })}
              </div>
            </fieldset>
            <fieldset className="simulator-group">
              <legend>Theme</legend>
              <div className="simulator-fields">
                {COLOR_TOKENS.map((token) => color(token, TOKEN_LABELS[token]!))}
                <div className="form-field">
                  <label htmlFor={`${id}-fontFamily`}>Font family</label>
                  <input id={`${id}-fontFamily`} name="theme.fontFamily" value={form.theme.fontFamily} onChange={(e) => setToken('fontFamily', e.target.value)} {...invalid('theme.fontFamily')} />
                  {problem('theme.fontFamily')}
                </div>
                <div className="form-field">
                  <label htmlFor={`${id}-borderRadius`}>Corner radius (px): {form.theme.borderRadius}</label>
                  <input id={`${id}-borderRadius`} type="range" name="theme.borderRadius" min={0} max={32} value={Number(form.theme.borderRadius) || 0} onChange={(e) => setToken('borderRadius', e.target.value)} />
                </div>
              </div>
              <button
                type="button"
                className="button button-secondary button-sm"
                onClick={() => set({ theme: Object.fromEntries(Object.entries(DEFAULT_THEME).map(([k, v]) => [k, String(v)])) as WidgetForm['theme'] })}
              >
                Reset theme
              </button>
            </fieldset>
            <fieldset className="simulator-group">
              <legend>Analytics</legend>
              <div className="simulator-fields">
                {text('dataLayerName', 'Data layer name')}
                <label className="simulator-choice">
                  <input type="checkbox" name="pushToDataLayer" checked={form.pushToDataLayer === 'true'} onChange={(e) => set({ pushToDataLayer: String(e.target.checked) })} /> Push to
                  the data layer
                </label>
              </div>
            </fieldset>
          </>
        )}
      </form>
      <h3>Embed code</h3>
      {!v1 && (
        <div className="simulator-choices" role="radiogroup" aria-label="Embed style">
          {(
            [
              ['js', 'JavaScript'],
              ['html', 'HTML'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="simulator-choice">
              <input type="radio" name="embed" value={value} checked={form.embed === value} onChange={() => set({ embed: value })} /> {label}
            </label>
          ))}
        </div>
      )}
      {!v1 && form.embed === 'html' && options.theme !== undefined && (
        <p className="simulator-note">The HTML embed can't carry the theme: choose JavaScript to keep your theme tokens.</p>
      )}
      {valid ? (
        <SnippetBlock code={snippet} label="Generated embed code" />
      ) : (
        <p className="widget-problems" role="alert">
          Fix the fields marked above to get the embed code and the preview.
        </p>
      )}
      <h3>Preview</h3>
      {v1 && <p className="simulator-note">The sandbox edition of the widget reads v1's container too (with the v2 flow); v1 pushes no data-layer events.</p>}
      {hydrated && (
        <WidgetPreview
          options={Object.keys(previewed.errors).length ? null : previewed.options}
          scriptUrl={settled.version === 'v1' ? v1ScriptUrl : scriptUrl}
          height={previewed.options.height === 'fixed' ? Number(settled.previewHeight) : undefined}
          v1Attributes={settled.version === 'v1' ? v1Attributes : undefined}
          showLog={settled.version === 'v2'}
        />
      )}
    </section>
  );
}
