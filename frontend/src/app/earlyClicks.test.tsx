import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RECORD_EARLY_CLICKS, stopRecordingEarlyClicks, useReplayEarlyClicks } from './earlyClicks';

function Replay() {
  useReplayEarlyClicks();
  return null;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('early clicks', () => {
  it('clicks again, in order, the buttons tapped before the page hydrated, and only those', () => {
    document.body.innerHTML = `
      <button id="menu"><span>Menu</span></button><button id="tab">Python</button>
      <button id="off">Off</button><button id="gone">Gone</button>
      <form><button id="submit">Send</button></form><a id="link" href="#x">Link</a>`;
    const ids = ['menu', 'tab', 'off', 'gone', 'submit', 'link'];
    const elements = new Map(ids.map((id) => [id, document.getElementById(id)!]));
    const byId = (id: string) => elements.get(id)!;
    new Function(RECORD_EARLY_CLICKS)(); // the head's script
    document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    for (const id of ['tab', 'off', 'gone', 'submit', 'link']) byId(id).click();
    byId('menu').querySelector('span')!.click(); // a tap on the button's icon or label
    stopRecordingEarlyClicks();
    byId('tab').click(); // after hydration began: React's, not replayed
    (byId('off') as HTMLButtonElement).disabled = true;
    byId('gone').remove();

    const replayed: string[] = [];
    const note = (event: Event) => replayed.push((event.currentTarget as HTMLElement).id);
    for (const element of elements.values()) element.addEventListener('click', note);
    render(<Replay />);
    expect(replayed).toEqual(['tab', 'menu']);
    expect(window.__DOCSITE_CLICKS__).toBeUndefined();
  });
});
