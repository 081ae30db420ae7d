/**
 * What content components do on HTML React has not hydrated yet (prerendered parts of a page, see
 * lib/prerendered.tsx), set on the elements as the components render them once hydrated: tabs show
 * the reader's choices, and a box wider than its column is a focusable region. Apart from the
 * components, so that a page whose content is still prerendered does not download them.
 */
import { createStorageSlot, StorageKeys } from '../lib/storage';

/** Sent on window when a group's tab is chosen (Tabs.tsx; followed on prerendered tabs below). */
export const CHANGE_EVENT = 'docsite:tab-group-change';

/**
 * Tabs.tsx's choices on tabs not hydrated: each group's remembered choice, and the choices made on
 * the page or in the reader's other browser tabs, shown by setting the tabs' attributes as Tabs
 * renders them, on the containers that `prerendered` says are still so. `shown` is told of each
 * container switched. Returns the function that stops.
 */
export function followTabChoices(
  root: HTMLElement,
  { prerendered, shown }: { prerendered(tabs: HTMLElement): boolean; shown?(tabs: HTMLElement): void },
): () => void {
  const show = (groupId: string, value: string | null) => {
    if (!value) return;
    for (const tabs of root.querySelectorAll<HTMLElement>('.tabs-container[data-group]')) {
      if (tabs.dataset.group !== groupId || !prerendered(tabs)) continue;
      const buttons = [...tabs.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
      if (!buttons.some((button) => button.id.endsWith(`-tab-${value}`))) continue;
      for (const button of buttons) {
        const active = button.id.endsWith(`-tab-${value}`);
        button.setAttribute('aria-selected', String(active));
        button.tabIndex = active ? 0 : -1;
        button.classList.toggle('tab-active', active);
      }
      for (const panel of tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) {
        panel.hidden = !panel.id.endsWith(`-panel-${value}`);
      }
      shown?.(tabs);
    }
  };
  const groups = new Set([...root.querySelectorAll<HTMLElement>('.tabs-container[data-group]')].map((tabs) => tabs.dataset.group!));
  const stops = [...groups].map((groupId) => {
    const slot = createStorageSlot(StorageKeys.tabGroup(groupId));
    show(groupId, slot.get());
    return slot.listen((value) => show(groupId, value));
  });
  const onChange = (event: Event) => {
    const { groupId, value } = (event as CustomEvent<{ groupId: string; value: string }>).detail;
    show(groupId, value);
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    for (const stop of stops) stop();
  };
}

/**
 * All of the above on the prerendered HTML under `root`: its tabs follow the reader's choices
 * (`followTabChoices`, with `prerendered` and `shown`), its wide tables and diagrams are focusable
 * regions. Returns the function that stops.
 */
export function followPrerendered(root: HTMLElement, tabs: Parameters<typeof followTabChoices>[1]): () => void {
  const stops = [
    followTabChoices(root, tabs),
    ...[...root.querySelectorAll<HTMLElement>('.table-wrapper[data-label], .diagram-scroll[data-label]')].map(watchPrerenderedRegion),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * TableWrapper's and Diagram's region on a box not hydrated: its attributes set on the element, its
 * label read from `data-label`. Returns what stops it.
 */
export function watchPrerenderedRegion(box: HTMLElement): () => void {
  return watchOverflow(box, (overflows) => {
    if (overflows) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', box.dataset.label ?? '');
    } else {
      clearRegion(box);
    }
  });
}

/**
 * Take the region's attributes off a box. A hydrated TableWrapper or Diagram does when its box fits:
 * the region `watchPrerenderedRegion` set before hydration is not React's to remove, since React
 * keeps the attributes it finds when it hydrates, and its first render has none.
 */
export function clearRegion(box: HTMLElement): void {
  for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
}

/** Tell `changed` whether the element's content is wider than the element, now and as either resizes. */
export function watchOverflow(box: HTMLElement, changed: (overflows: boolean) => void): () => void {
  const measure = () => changed(box.scrollWidth > box.clientWidth);
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(box);
  if (box.firstElementChild) observer.observe(box.firstElementChild);
  return () => observer.disconnect();
}

