import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, embedSnippet, formFromQuery, queryFromForm, resolveForm, type WidgetForm } from './form';

const SIMULATOR_DOC = readFileSync(resolve(__dirname, '../../../content/docs/widget/simulator.md'), 'utf8');
const SCRIPT = 'https://widget.oneboxtds.com/v2/widget.js';

/** The html code blocks of the simulator page, in order. */
const docBlocks = () => [...SIMULATOR_DOC.matchAll(/```html[^\n]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);

const example: WidgetForm = {
  ...DEFAULT_FORM,
  environment: 'pre-production',
  locale: 'es-ES',
  theme: { ...DEFAULT_FORM.theme, colorPrimary: '#b3261e', borderRadius: '6' },
};

describe('embedSnippet', () => {
  it('generates exactly the code the simulator page shows', () => {
    const { options, errors } = resolveForm(example);
    expect(errors).toEqual({});
    expect(embedSnippet(options, { ...example, embed: 'js' }, SCRIPT)).toBe(docBlocks()[0]);
    expect(embedSnippet(options, { ...example, embed: 'html' }, SCRIPT)).toBe(docBlocks()[1]);
  });

  it('writes the v1 container in v1 mode', () => {
    const form: WidgetForm = { ...example, version: 'v1', previewHeight: '900' };
    const { options } = resolveForm(form);
    expect(embedSnippet(options, form, 'https://widget.oneboxtds.com/v1/widget.js')).toBe(
      '<div class="onebox-widget" data-channel="812" data-event="4521" data-color="#b3261e" data-height="900" data-env="pre"></div>\n' +
        '<script src="https://widget.oneboxtds.com/v1/widget.js"></script>',
    );
  });
});

describe('resolveForm', () => {
  it.each([
    [{ channelId: 'abc' }, 'channelId', 'Channel id must be a positive whole number; "abc" is not.'],
    [{ channelId: '' }, 'channelId', 'Channel id is required.'],
    [{ sessionId: '10871' }, 'sessionId', 'Set an event id or a session id, not both.'],
    [{ startOn: 'session' as const, sessionId: '1.5' }, 'sessionId', 'Session id must be a positive whole number; "1.5" is not.'],
    [{ dataLayerName: 'data layer' }, 'dataLayerName', 'Data layer name must be the name of a global variable; got "data layer".'],
    [{ height: 'fixed', previewHeight: '50' }, 'previewHeight', 'Preview height must be a number of pixels from 200 to 2000; "50" is not.'],
  ])('flags %j on its field', (change, field, message) => {
    expect(resolveForm({ ...DEFAULT_FORM, ...change }).errors).toEqual({ [field]: message });
  });

  it('flags a theme color as the widget would', () => {
    const { errors } = resolveForm({ ...DEFAULT_FORM, theme: { ...DEFAULT_FORM.theme, colorText: 'blue' } });
    expect(errors).toEqual({ 'theme.colorText': 'Theme token colorText must be a hex color such as "#1a56db"; got "blue".' });
  });
});

describe('the query string', () => {
  it('round-trips a configuration, writing only what differs from the defaults', () => {
    const form: WidgetForm = { ...example, startOn: 'session', eventId: '', sessionId: '10871', embed: 'html' };
    const query = queryFromForm(form);
    expect(query).toBe('channelId=812&sessionId=10871&environment=pre-production&locale=es-ES&embed=html&theme.colorPrimary=%23b3261e&theme.borderRadius=6');
    expect(formFromQuery(new URLSearchParams(query))).toEqual(form);
  });

  it('keeps bad values as written, so they are reported', () => {
    const form = formFromQuery(new URLSearchParams('channelId=abc&eventId=1&sessionId=2'));
    expect(form).toMatchObject({ channelId: 'abc', startOn: 'event', eventId: '1', sessionId: '2' });
    expect(Object.keys(resolveForm(form).errors)).toEqual(['channelId', 'sessionId']);
  });
});
