/**
 * A table's scroll box: a table wider than its column scrolls sideways inside it. While the table
 * overflows, and only then, the box is a keyboard-focusable region named after the table, so a
 * keyboard reader can scroll it with the arrow keys; a table that fits adds no tab stop and no
 * landmark. The builder writes one around every Markdown table (label: its section and columns).
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { clearRegion, watchOverflow } from './prerendered';

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

/** Whether the element's content is wider than the element; kept up to date as either resizes. */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    return watchOverflow(box, (overflows) => {
      if (!overflows) clearRegion(box); // what a prerendered box was given before it hydrated
      setOverflows(overflows);
    });
  }, [ref]);
  return overflows;
}
