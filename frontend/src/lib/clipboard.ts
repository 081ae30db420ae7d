/**
 * Copy text to the clipboard: the Clipboard API, else the old `execCommand('copy')` (a page served
 * over plain HTTP on another host has no Clipboard API).
 *
 * Text that is still on its way (a page's Markdown being fetched) is handed to the clipboard as a
 * promise, so the copy keeps the click's user activation in browsers that require it.
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  if (typeof text !== 'string') {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    }
    text = await text;
  }
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    fallbackCopy(text);
  }
}

function fallbackCopy(text: string) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}
