/**
 * The widget's options as a form and a query string (the simulators, the widget test page): every
 * field is text as typed, validated with the widget's own rules (options.ts), turned into the options
 * `mount()` takes and into the embed code the simulator page shows.
 */
import { DEFAULT_THEME, resolveOptions, type Theme } from './options';

export const THEME_TOKENS = Object.keys(DEFAULT_THEME) as (keyof Theme)[];
export const COLOR_TOKENS = THEME_TOKENS.filter((token) => token.startsWith('color'));

export interface WidgetForm {
  version: 'v2' | 'v1';
  channelId: string;
  /** What the widget opens on: the channel's events, one event's sessions or one session. */
  startOn: 'channel' | 'event' | 'session';
  eventId: string;
  sessionId: string;
  environment: string;
  locale: string;
  currencyDisplay: string;
  height: string;
  /** The preview container's height in pixels, with height "fixed" (v1: the iframe's height). */
  previewHeight: string;
  dataLayerName: string;
  pushToDataLayer: string;
  embed: 'html' | 'js';
  theme: Record<keyof Theme, string>;
}

export const DEFAULT_FORM: WidgetForm = {
  version: 'v2',
  channelId: '812',
  startOn: 'event',
  eventId: '4521',
  sessionId: '',
  environment: 'sandbox',
  locale: 'en-GB',
  currencyDisplay: 'symbol',
  height: 'auto',
  previewHeight: '600',
  dataLayerName: 'dataLayer',
  pushToDataLayer: 'true',
  embed: 'js',
  theme: Object.fromEntries(THEME_TOKENS.map((t) => [t, String(DEFAULT_THEME[t])])) as Record<keyof Theme, string>,
};

const SIMPLE_FIELDS = ['channelId', 'eventId', 'sessionId', 'environment', 'locale', 'currencyDisplay', 'height', 'previewHeight', 'dataLayerName', 'pushToDataLayer'] as const;

/**
 * The form a query string describes, over `defaults`. Parameters are named as the options
 * (`channelId`, `eventId`...; theme tokens as `theme.colorPrimary`), plus `version`, `embed` and
 * `previewHeight`. A value is kept as written, so a bad one is reported, not dropped.
 */
export function formFromQuery(params: URLSearchParams, defaults: WidgetForm = DEFAULT_FORM): WidgetForm {
  const form: WidgetForm = { ...defaults, theme: { ...defaults.theme } };
  for (const name of SIMPLE_FIELDS) {
    const value = params.get(name);
    if (value !== null) form[name] = value;
  }
  const version = params.get('version');
  if (version === 'v1' || version === 'v2') form.version = version;
  const embed = params.get('embed');
  if (embed === 'html' || embed === 'js') form.embed = embed;
  for (const token of THEME_TOKENS) {
    const value = params.get(`theme.${token}`);
    if (value !== null) form.theme[token] = value;
  }
  const hasEvent = params.has('eventId');
  const hasSession = params.has('sessionId');
  if (hasEvent || hasSession) {
    form.startOn = hasSession && !hasEvent ? 'session' : 'event';
    if (!hasEvent) form.eventId = '';
    if (!hasSession) form.sessionId = '';
  } else if (params.has('channelId')) {
    form.startOn = 'channel';
    form.eventId = '';
    form.sessionId = '';
  }
  return form;
}

/** The query string of a form: only what differs from `defaults`, so a shared link stays short. */
export function queryFromForm(form: WidgetForm, defaults: WidgetForm = DEFAULT_FORM): string {
  const params = new URLSearchParams();
  if (form.version !== defaults.version) params.set('version', form.version);
  params.set('channelId', form.channelId);
  if (form.startOn === 'event') params.set('eventId', form.eventId);
  if (form.startOn === 'session') params.set('sessionId', form.sessionId);
  for (const name of SIMPLE_FIELDS) {
    if (['channelId', 'eventId', 'sessionId'].includes(name)) continue;
    if (form[name] !== defaults[name]) params.set(name, form[name]);
  }
  if (form.embed !== defaults.embed) params.set('embed', form.embed);
  for (const token of THEME_TOKENS) if (form.theme[token] !== defaults.theme[token]) params.set(`theme.${token}`, form.theme[token]);
  return params.toString();
}

export interface Resolved {
  /** What `mount()` receives (no `onEvent`: the preview listens to the data layer). */
  options: Record<string, unknown>;
  /** Field -> what is wrong with it; the preview is not mounted while there is any. */
  errors: Partial<Record<string, string>>;
}

const FIELD_LABELS: Record<string, string> = {
  channelId: 'Channel id',
  eventId: 'Event id',
  sessionId: 'Session id',
  previewHeight: 'Preview height',
  environment: 'Environment',
  locale: 'Locale',
  currencyDisplay: 'Currency display',
  height: 'Height',
  dataLayerName: 'Data layer name',
  pushToDataLayer: 'Push to the data layer',
};

/** The options a form gives, validated field by field, then as `mount()` validates them. */
export function resolveForm(form: WidgetForm): Resolved {
  const errors: Resolved['errors'] = {};
  const options: Record<string, unknown> = {};
  const id = (name: 'channelId' | 'eventId' | 'sessionId', required: boolean) => {
    const text = form[name].trim();
    if (!text) {
      if (required) errors[name] = `${FIELD_LABELS[name]} is required.`;
      return;
    }
    if (!/^\d+$/.test(text) || Number(text) < 1) errors[name] = `${FIELD_LABELS[name]} must be a positive whole number; "${text}" is not.`;
    else options[name] = Number(text);
  };
  id('channelId', true);
  if (form.startOn === 'event') id('eventId', true);
  if (form.startOn === 'session') id('sessionId', true);
  if (form.startOn === 'event' && form.sessionId.trim()) errors.sessionId = 'Set an event id or a session id, not both.';
  options.environment = form.environment;
  if (form.locale.trim()) options.locale = form.locale.trim();
  if (form.version === 'v2') {
    options.currencyDisplay = form.currencyDisplay;
    options.height = form.height;
    options.dataLayerName = form.dataLayerName;
    options.pushToDataLayer = form.pushToDataLayer === 'true' ? true : form.pushToDataLayer === 'false' ? false : form.pushToDataLayer;
    const theme: Record<string, unknown> = {};
    for (const token of THEME_TOKENS) {
      const value = form.theme[token].trim();
      if (value === String(DEFAULT_THEME[token])) continue;
      theme[token] = token === 'borderRadius' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    if (Object.keys(theme).length) options.theme = theme;
  } else {
    options.height = 'fixed';
    if (form.theme.colorPrimary !== DEFAULT_THEME.colorPrimary) options.theme = { colorPrimary: form.theme.colorPrimary };
  }
  if (form.version === 'v1' || form.height === 'fixed') {
    const text = form.previewHeight.trim();
    if (!/^\d+$/.test(text) || Number(text) < 200 || Number(text) > 2000)
      errors.previewHeight = `${FIELD_LABELS.previewHeight} must be a number of pixels from 200 to 2000; "${text}" is not.`;
  }
  if (!Object.keys(errors).length) {
    try {
      resolveOptions(options);
    } catch (error) {
      const message = error instanceof Error ? error.message.replace(/^OneboxWidget: /, '') : String(error);
      const field = message.match(/^(?:theme\.)?(\w+)/)?.[1] ?? 'form';
      const key = message.startsWith('theme.') ? `theme.${field}` : message.startsWith('set at most one') ? 'sessionId' : field;
      const label = key.startsWith('theme.') ? `Theme token ${field}` : FIELD_LABELS[field];
      errors[key] = label ? message.replace(/^(?:theme\.)?\w+/, label) : message.charAt(0).toUpperCase() + message.slice(1);
    }
  }
  return { options, errors };
}

/** The container's attributes of the HTML embed, in the installation guide's order. */
function attributes(options: Record<string, unknown>): [string, string][] {
  const order: [string, string][] = [
    ['channelId', 'data-channel-id'],
    ['eventId', 'data-event-id'],
    ['sessionId', 'data-session-id'],
    ['environment', 'data-environment'],
    ['locale', 'data-locale'],
    ['currencyDisplay', 'data-currency-display'],
    ['height', 'data-height'],
    ['dataLayerName', 'data-data-layer-name'],
    ['pushToDataLayer', 'data-push-to-data-layer'],
  ];
  return order.filter(([name]) => options[name] !== undefined).map(([name, attribute]) => [attribute, String(options[name])]);
}

const js = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** The embed code for `options`: the v2 HTML embed, the v2 `mount()` embed, or v1's container. */
export function embedSnippet(options: Record<string, unknown>, form: Pick<WidgetForm, 'version' | 'embed' | 'previewHeight'>, scriptUrl: string): string {
  if (form.version === 'v1') {
    // v1 named pre-production "pre"; the sandbox edition reads v1 containers too.
    const env = options.environment === 'pre-production' ? 'pre' : options.environment === 'sandbox' ? 'sandbox' : null;
    const theme = options.theme as { colorPrimary?: string } | undefined;
    const attrs = [
      `data-channel="${String(options.channelId ?? '')}"`,
      options.eventId !== undefined && `data-event="${String(options.eventId)}"`,
      options.sessionId !== undefined && `data-session="${String(options.sessionId)}"`,
      theme?.colorPrimary && `data-color="${theme.colorPrimary}"`,
      `data-height="${form.previewHeight}"`,
      env && `data-env="${env}"`,
    ].filter(Boolean);
    return `<div class="onebox-widget" ${attrs.join(' ')}></div>\n<script src="${scriptUrl}"></script>`;
  }
  if (form.embed === 'html') {
    const lines = ['<div', '  data-onebox-widget', ...attributes(options).map(([name, value]) => `  ${name}="${value}"`), '></div>'];
    return [...lines, `<script async src="${scriptUrl}"></script>`].join('\n');
  }
  const body: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (name === 'theme') {
      body.push('      theme: {', ...Object.entries(value as object).map(([token, v]) => `        ${token}: ${js(v)},`), '      },');
    } else {
      body.push(`      ${name}: ${js(value)},`);
    }
  }
  return [
    '<div id="onebox-widget"></div>',
    '<script>',
    '  function mountOneboxWidget() {',
    '    OneboxWidget.mount(document.getElementById("onebox-widget"), {',
    ...body,
    '    });',
    '  }',
    '</script>',
    `<script async src="${scriptUrl}" onload="mountOneboxWidget()"></script>`,
  ].join('\n');
}
