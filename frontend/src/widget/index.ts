/**
 * The portal's sandbox edition of the Onebox sales widget: `window.OneboxWidget` with `mount()`,
 * and every `[data-onebox-widget]` element mounted when the script loads, as
 * content/docs/widget/installation.md documents. Built on its own (vite.widget.config.ts) into
 * /widget/onebox-widget.js; the sandbox catalogue is read from beside the script.
 */
import { CATALOGUE_FILE, loadCatalogue, type Catalogue } from './catalogue';
import { WIDGET_VERSION } from './analytics';
import { OPTIONS, optionsFromAttributes, resolveOptions, type WidgetOptions } from './options';
import { SandboxWidget, adoptStyles } from './widget';

export interface WidgetInstance {
  readonly element: HTMLElement;
  /** The options in effect, defaults filled in. */
  readonly options: WidgetOptions;
  unmount(): void;
}

const script = document.currentScript as HTMLScriptElement | null;
const catalogueUrl = new URL(CATALOGUE_FILE, script?.src || location.href).href;
let catalogue: Promise<Catalogue> | null = null;
const mounted = new WeakMap<Element, WidgetInstance>();

function mount(element: Element, input: unknown): WidgetInstance {
  if (!(element instanceof HTMLElement)) throw new TypeError('OneboxWidget.mount: the first argument must be an HTML element.');
  const options = resolveOptions(input);
  if (mounted.has(element)) throw new Error('OneboxWidget.mount: a widget is already mounted in this element; call unmount() on it first.');
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
  let widget: SandboxWidget | null = null;
  let active = true;
  const instance: WidgetInstance = {
    element,
    options,
    unmount() {
      if (!active) return;
      active = false;
      widget?.destroy();
      shadow.replaceChildren();
      mounted.delete(element);
    },
  };
  mounted.set(element, instance);
  const status = (text: string, role = 'status') => {
    const box = document.createElement('div');
    box.className = 'ob-root ob-notice';
    box.setAttribute('role', role);
    box.textContent = text;
    shadow.replaceChildren(box);
  };
  if (options.environment !== 'sandbox') {
    status(
      `This is the Onebox developer portal's sandbox edition of the widget: it sells only with environment "sandbox". ` +
        `To sell in ${options.environment}, load https://widget.oneboxtds.com/v2/widget.js instead.`,
    );
    return instance;
  }
  status('Loading tickets…');
  catalogue ??= loadCatalogue(catalogueUrl);
  catalogue.then(
    (data) => {
      if (active) {
        shadow.replaceChildren();
        widget = new SandboxWidget(shadow, data, options);
      }
    },
    (error: unknown) => {
      catalogue = null;
      if (active) status(error instanceof Error ? error.message : String(error), 'alert');
    },
  );
  return instance;
}

/**
 * The options of a v1 container (`<div class="onebox-widget" data-channel data-event data-color
 * data-height data-env>`), so v1 snippets run in the sandbox too: v1's pixel height is a fixed
 * container height.
 */
function v1Options(element: HTMLElement): Record<string, unknown> {
  const read = (name: string) => {
    const text = element.getAttribute(name);
    return text === null ? undefined : /^\d+$/.test(text) ? Number(text) : text;
  };
  const env = element.getAttribute('data-env');
  const color = element.getAttribute('data-color');
  const height = read('data-height');
  if (typeof height === 'number') element.style.height = `${height}px`;
  const options: Record<string, unknown> = {
    channelId: read('data-channel'),
    eventId: read('data-event'),
    sessionId: read('data-session'),
    environment: env === 'pre' ? 'pre-production' : (env ?? undefined),
    theme: color ? { colorPrimary: color } : undefined,
    height: typeof height === 'number' ? 'fixed' : undefined,
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/**
 * Mount every `[data-onebox-widget]` (and v1 `.onebox-widget`) element not mounted yet; a bad
 * attribute shows its error there.
 */
function mountAll() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-onebox-widget], div.onebox-widget')) {
    if (mounted.has(element)) continue;
    try {
      mount(element, element.hasAttribute('data-onebox-widget') ? optionsFromAttributes(element) : v1Options(element));
    } catch (error) {
      console.error(error);
      const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
      const box = document.createElement('p');
      box.setAttribute('role', 'alert');
      box.textContent = error instanceof Error ? error.message : String(error);
      shadow.replaceChildren(box);
    }
  }
}

const api = { mount, version: WIDGET_VERSION, options: OPTIONS };
(window as unknown as { OneboxWidget: typeof api }).OneboxWidget = api;

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll, { once: true });
else mountAll();
