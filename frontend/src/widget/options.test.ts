import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, optionsFromAttributes, resolveOptions } from './options';

describe('resolveOptions', () => {
  it('fills in the documented defaults', () => {
    const options = resolveOptions({ channelId: 812 });
    expect(options).toMatchObject({
      channelId: 812,
      environment: 'production',
      currencyDisplay: 'symbol',
      height: 'auto',
      dataLayerName: 'dataLayer',
      pushToDataLayer: true,
      theme: DEFAULT_THEME,
    });
    expect(options.locale).toBeUndefined();
  });

  it.each([
    [{}, 'channelId is required'],
    [{ channelId: 812, eventId: 4521, sessionId: 10871 }, 'set at most one of eventId and sessionId'],
    [{ channelId: '812' }, 'channelId must be a positive integer'],
    [{ channelId: 812, eventId: 1.5 }, 'eventId must be a positive integer'],
    [{ channelId: 812, environment: 'staging' }, 'environment must be "production", "pre-production", "sandbox"'],
    [{ channelId: 812, currencyDisplay: 'euro' }, 'currencyDisplay must be'],
    [{ channelId: 812, height: '600px' }, 'height must be "auto", "fixed"'],
    [{ channelId: 812, pushToDataLayer: 'no' }, 'pushToDataLayer must be true or false'],
    [{ channelId: 812, dataLayerName: 'my layer' }, 'dataLayerName must be the name of a global variable'],
    [{ channelId: 812, locale: 'spanish!' }, 'locale must be a BCP 47 language tag'],
    [{ channelId: 812, onEvent: 'log' }, 'onEvent must be a function'],
    [{ channelId: 812, theme: { colorPrimary: 'red' } }, 'theme.colorPrimary must be a hex color'],
    [{ channelId: 812, theme: { borderRadius: '6px' } }, 'theme.borderRadius must be a number of pixels'],
    [{ channelId: 812, theme: { colour: '#fff' } }, 'unknown theme token "colour"'],
    [{ channelId: 812, channel: 4 }, 'unknown option "channel"'],
  ])('rejects %j with a TypeError', (input, message) => {
    expect(() => resolveOptions(input)).toThrow(TypeError);
    expect(() => resolveOptions(input)).toThrow(message);
  });

  it('merges theme tokens over the defaults', () => {
    const { theme } = resolveOptions({ channelId: 1, theme: { colorPrimary: '#b3261e', borderRadius: 0 } });
    expect(theme).toEqual({ ...DEFAULT_THEME, colorPrimary: '#b3261e', borderRadius: 0 });
  });
});

describe('optionsFromAttributes', () => {
  it('reads every data- attribute as mount() would receive it', () => {
    const div = document.createElement('div');
    div.innerHTML =
      '<div data-onebox-widget data-channel-id="812" data-event-id="4521" data-environment="sandbox" data-locale="en-GB" data-currency-display="code" data-height="fixed" data-data-layer-name="obLayer" data-push-to-data-layer="false"></div>';
    expect(optionsFromAttributes(div.firstElementChild!)).toEqual({
      channelId: 812,
      eventId: 4521,
      environment: 'sandbox',
      locale: 'en-GB',
      currencyDisplay: 'code',
      height: 'fixed',
      dataLayerName: 'obLayer',
      pushToDataLayer: false,
    });
  });

  it('keeps a value that is not an integer as text, so mount() names it', () => {
    const div = document.createElement('div');
    div.setAttribute('data-channel-id', 'abc');
    expect(() => resolveOptions(optionsFromAttributes(div))).toThrow('channelId must be a positive integer, got "abc"');
  });
});
