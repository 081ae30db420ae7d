/**
 * A table's scroll box: a table wider than its column scrolls sideways inside it. While the table
 * overflows, and only then, the box is a keyboard-focusable region named after the table, so a
 * keyboard reader can scroll it with the arrow keys; a table that fits adds no tab stop and no
 * landmark. The builder writes one around every Markdown table (label: its section and columns).
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export function TableWrapper({ label, children }: { label: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(ref);
  return (
    <div
      ref={ref}
      className="table-wrapper"
      data-label={label}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}

/**
 * The same for a box in HTML React has not hydrated (an API page's prerendered parts, api/Article.tsx):
 * its attributes set on the element, its label read from `data-label`. Returns what stops it.
 */
export function watchPrerenderedTable(box: HTMLElement): () => void {
  return watchOverflow(box, (overflows) => {
    if (overflows) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', box.dataset.label ?? '');
    } else {
      for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
    }
  });
}

/** Tell `changed` whether the element's content is wider than the element, now and as either resizes. */
function watchOverflow(box: HTMLElement, changed: (overflows: boolean) => void): () => void {
  const measure = () => changed(box.scrollWidth > box.clientWidth);
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(box);
  if (box.firstElementChild) observer.observe(box.firstElementChild);
  return () => observer.disconnect();
}

/** Whether the element's content is wider than the element; kept up to date as either resizes. */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    return box ? watchOverflow(box, setOverflows) : undefined;
  }, [ref]);
  return overflows;
}
