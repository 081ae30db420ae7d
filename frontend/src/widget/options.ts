/**
 * The sales widget's options, exactly as content/docs/widget/installation.md documents them: their
 * `data-` attributes, types and defaults, and the validation `mount()` applies (a `TypeError` naming
 * the option). The widget, the simulators and the widget test page all validate with this module.
 */

export const ENVIRONMENTS = ['production', 'pre-production', 'sandbox'] as const;
export const CURRENCY_DISPLAYS = ['symbol', 'code', 'name'] as const;
export const HEIGHTS = ['auto', 'fixed'] as const;

export type Environment = (typeof ENVIRONMENTS)[number];
export type CurrencyDisplay = (typeof CURRENCY_DISPLAYS)[number];
export type Height = (typeof HEIGHTS)[number];

export interface Theme {
  colorPrimary: string;
  colorOnPrimary: string;
  colorBackground: string;
  colorSurface: string;
  colorText: string;
  colorBorder: string;
  fontFamily: string;
  borderRadius: number;
}

export interface WidgetEvent {
  name: string;
  data: Record<string, unknown>;
}

/** What `mount()` accepts: every option but `channelId` is optional. */
export interface MountOptions {
  channelId: number;
  eventId?: number;
  sessionId?: number;
  environment?: Environment;
  locale?: string;
  currencyDisplay?: CurrencyDisplay;
  theme?: Partial<Theme>;
  height?: Height;
  dataLayerName?: string;
  pushToDataLayer?: boolean;
  onEvent?: (event: WidgetEvent) => void;
}

/** The options once validated, with their defaults filled in. */
export interface WidgetOptions {
  channelId: number;
  eventId?: number;
  sessionId?: number;
  environment: Environment;
  /** Undefined: the channel's default locale. */
  locale?: string;
  currencyDisplay: CurrencyDisplay;
  theme: Theme;
  height: Height;
  dataLayerName: string;
  pushToDataLayer: boolean;
  onEvent?: (event: WidgetEvent) => void;
}

/** The Onebox theme: the "Default" column of the installation guide's theme tokens. */
export const DEFAULT_THEME: Theme = {
  colorPrimary: '#1a56db',
  colorOnPrimary: '#ffffff',
  colorBackground: '#ffffff',
  colorSurface: '#f5f6f8',
  colorText: '#1f2937',
  colorBorder: '#d1d5db',
  fontFamily: 'inherit',
  borderRadius: 8,
};

/** The sandbox channel's default locale (the channel's default, when `locale` is not set). */
export const CHANNEL_DEFAULT_LOCALE = 'es-ES';
/** Locales the sandbox channel has content in; another `locale` falls back to the channel's default. */
export const CHANNEL_LOCALES = ['es-ES', 'ca-ES', 'en-GB', 'en-US', 'pt-PT'];

type Kind = 'integer' | 'string' | 'enum' | 'boolean' | 'object' | 'function';

export interface OptionSpec {
  name: keyof MountOptions;
  /** The `data-` attribute, or null for options only `mount()` takes. */
  attribute: string | null;
  kind: Kind;
  values?: readonly string[];
  /** The documented default, as the widget applies it (undefined: none). */
  default: unknown;
}

/** Every option, in the order of the installation guide's Options table. */
export const OPTIONS: readonly OptionSpec[] = [
  { name: 'channelId', attribute: 'data-channel-id', kind: 'integer', default: undefined },
  { name: 'eventId', attribute: 'data-event-id', kind: 'integer', default: undefined },
  { name: 'sessionId', attribute: 'data-session-id', kind: 'integer', default: undefined },
  { name: 'environment', attribute: 'data-environment', kind: 'enum', values: ENVIRONMENTS, default: 'production' },
  { name: 'locale', attribute: 'data-locale', kind: 'string', default: undefined },
  { name: 'currencyDisplay', attribute: 'data-currency-display', kind: 'enum', values: CURRENCY_DISPLAYS, default: 'symbol' },
  { name: 'theme', attribute: null, kind: 'object', default: DEFAULT_THEME },
  { name: 'height', attribute: 'data-height', kind: 'enum', values: HEIGHTS, default: 'auto' },
  { name: 'dataLayerName', attribute: 'data-data-layer-name', kind: 'string', default: 'dataLayer' },
  { name: 'pushToDataLayer', attribute: 'data-push-to-data-layer', kind: 'boolean', default: true },
  { name: 'onEvent', attribute: null, kind: 'function', default: undefined },
];

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Validate `mount()`'s options and fill in the defaults; a `TypeError` names the first bad option. */
export function resolveOptions(input: unknown): WidgetOptions {
  if (typeof input !== 'object' || input === null) throw new TypeError('OneboxWidget: options must be an object.');
  const raw = input as Record<string, unknown>;
  const known = new Set<string>(OPTIONS.map((o) => o.name));
  const unknown = Object.keys(raw).find((key) => !known.has(key) && raw[key] !== undefined);
  if (unknown) throw new TypeError(`OneboxWidget: unknown option "${unknown}".`);
  if (raw.channelId === undefined) throw new TypeError('OneboxWidget: channelId is required.');
  for (const name of ['channelId', 'eventId', 'sessionId'] as const) {
    if (raw[name] !== undefined && !isId(raw[name]))
      throw new TypeError(`OneboxWidget: ${name} must be a positive integer, got ${JSON.stringify(raw[name])}.`);
  }
  if (raw.eventId !== undefined && raw.sessionId !== undefined)
    throw new TypeError('OneboxWidget: set at most one of eventId and sessionId.');
  for (const spec of OPTIONS) {
    const value = raw[spec.name];
    if (value === undefined) continue;
    if (spec.kind === 'enum' && !spec.values!.includes(value as string))
      throw new TypeError(`OneboxWidget: ${spec.name} must be ${spec.values!.map((v) => `"${v}"`).join(', ')}; got ${JSON.stringify(value)}.`);
    if (spec.kind === 'boolean' && typeof value !== 'boolean')
      throw new TypeError(`OneboxWidget: ${spec.name} must be true or false.`);
    if (spec.kind === 'function' && typeof value !== 'function')
      throw new TypeError(`OneboxWidget: ${spec.name} must be a function.`);
  }
  if (raw.locale !== undefined && (typeof raw.locale !== 'string' || !LOCALE.test(raw.locale)))
    throw new TypeError(`OneboxWidget: locale must be a BCP 47 language tag such as "es-ES"; got ${JSON.stringify(raw.locale)}.`);
  if (raw.dataLayerName !== undefined && (typeof raw.dataLayerName !== 'string' || !IDENTIFIER.test(raw.dataLayerName)))
    throw new TypeError(`OneboxWidget: dataLayerName must be the name of a global variable; got ${JSON.stringify(raw.dataLayerName)}.`);
  return {
    channelId: raw.channelId as number,
    eventId: raw.eventId as number | undefined,
    sessionId: raw.sessionId as number | undefined,
    environment: (raw.environment as Environment | undefined) ?? 'production',
    locale: raw.locale as string | undefined,
    currencyDisplay: (raw.currencyDisplay as CurrencyDisplay | undefined) ?? 'symbol',
    theme: resolveTheme(raw.theme),
    height: (raw.height as Height | undefined) ?? 'auto',
    dataLayerName: (raw.dataLayerName as string | undefined) ?? 'dataLayer',
    pushToDataLayer: (raw.pushToDataLayer as boolean | undefined) ?? true,
    onEvent: raw.onEvent as WidgetOptions['onEvent'],
  };
}

/** The theme tokens given, over the defaults; an unknown token or a bad value is a `TypeError`. */
export function resolveTheme(input: unknown): Theme {
  if (input === undefined) return { ...DEFAULT_THEME };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new TypeError('OneboxWidget: theme must be an object of theme tokens.');
  const theme = { ...DEFAULT_THEME };
  for (const [token, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (!(token in DEFAULT_THEME)) throw new TypeError(`OneboxWidget: unknown theme token "${token}".`);
    if (token === 'borderRadius') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 32)
        throw new TypeError(`OneboxWidget: theme.borderRadius must be a number of pixels from 0 to 32; got ${JSON.stringify(value)}.`);
      theme.borderRadius = value;
    } else if (token === 'fontFamily') {
      if (typeof value !== 'string' || !value.trim() || /[;{}<>]/.test(value))
        throw new TypeError(`OneboxWidget: theme.fontFamily must be a CSS font-family; got ${JSON.stringify(value)}.`);
      theme.fontFamily = value;
    } else {
      if (typeof value !== 'string' || !HEX_COLOR.test(value))
        throw new TypeError(`OneboxWidget: theme.${token} must be a hex color such as "#1a56db"; got ${JSON.stringify(value)}.`);
      (theme as unknown as Record<string, string>)[token] = value;
    }
  }
  return theme;
}

/**
 * The options of a `data-onebox-widget` element, as `mount()` would receive them: integers parsed
 * (a value that is not one is kept as text, so `mount()` reports it), `pushToDataLayer` read as
 * "false" or "true".
 */
export function optionsFromAttributes(element: Element): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const spec of OPTIONS) {
    if (!spec.attribute) continue;
    const text = element.getAttribute(spec.attribute);
    if (text === null) continue;
    if (spec.kind === 'integer') options[spec.name] = /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
    else if (spec.kind === 'boolean') options[spec.name] = text === 'false' ? false : text === 'true' || text === '' ? true : text;
    else options[spec.name] = text;
  }
  return options;
}
