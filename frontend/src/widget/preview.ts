/**
 * The preview page's script (/widget/preview.html, in the simulators' and the widget test page's
 * iframe). Reads the options from the page's query string (`options`: the JSON `mount()` takes,
 * without `onEvent`; `script`: the widget script to load for pre-production and production), loads
 * the sandbox edition or the real widget, mounts it, and reports each data-layer push and any error
 * to the parent page with postMessage. The parent re-mounts by changing the iframe's address.
 */
import { PREVIEW_MESSAGE } from './preview-message';

type Report =
  | { type: 'event'; data: unknown }
  | { type: 'error'; message: string }
  | { type: 'mounted' }
  | { type: 'resize'; height: number };

const report = (message: Report) => window.parent.postMessage({ source: PREVIEW_MESSAGE, ...message }, location.origin);

function fail(message: string) {
  const box = document.getElementById('preview-error')!;
  box.hidden = false;
  box.textContent = message;
  report({ type: 'error', message });
}

function watchDataLayer(name: string) {
  const global = window as unknown as Record<string, unknown>;
  const layer = (Array.isArray(global[name]) ? global[name] : (global[name] = [])) as unknown[];
  const push = layer.push.bind(layer);
  layer.push = (...items: unknown[]) => {
    for (const item of items) report({ type: 'event', data: JSON.parse(JSON.stringify(item)) });
    return push(...items);
  };
}

function start() {
  const params = new URLSearchParams(location.search);
  let options: Record<string, unknown>;
  try {
    options = JSON.parse(params.get('options') ?? '{}') as Record<string, unknown>;
  } catch {
    return fail('The preview was given options that are not JSON.');
  }
  let container = document.getElementById('onebox-widget')!;
  const v1 = params.get('v1');
  if (v1) {
    // The v1 embed: a container the script finds when it loads (v1's replaces it with its iframe).
    const div = document.createElement('div');
    div.className = 'onebox-widget';
    for (const [name, value] of Object.entries(JSON.parse(v1) as Record<string, string>)) div.setAttribute(name, value);
    container.replaceWith(div);
    container = div;
  }
  const height = Number(params.get('height'));
  if (options.height === 'fixed') container.style.height = `${Number.isFinite(height) && height > 0 ? height : 480}px`;
  watchDataLayer(typeof options.dataLayerName === 'string' ? options.dataLayerName : 'dataLayer');
  const environment = options.environment ?? 'production';
  const src = environment === 'sandbox' ? new URL('onebox-widget.js', location.href).href : params.get('script') ?? '';
  if (!/^https?:/.test(src)) return fail(`No widget script is configured for ${String(environment)}.`);
  const script = document.createElement('script');
  script.src = src;
  script.onload = () => {
    if (v1) return report({ type: 'mounted' });
    const api = (window as unknown as { OneboxWidget?: { mount(e: Element, o: unknown): unknown } }).OneboxWidget;
    if (!api) return fail(`${src} loaded but did not define OneboxWidget.`);
    try {
      api.mount(container, options);
      report({ type: 'mounted' });
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };
  script.onerror = () => fail(`The widget script could not be loaded from ${src}: check your connection and that nothing blocks it.`);
  document.head.append(script);
}

new ResizeObserver(() => report({ type: 'resize', height: Math.ceil(document.documentElement.scrollHeight) })).observe(document.body);
start();
