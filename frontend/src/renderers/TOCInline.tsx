/**
 * Docusaurus's `<TOCInline toc={toc} />`: the page's table of contents inside its text. The builder
 * gives the list itself (a `ul` of links to the headings, nested by level), so it is the same list
 * with JavaScript or without.
 */
import type { ReactNode } from 'react';

export function TOCInline({ children }: { children?: ReactNode }) {
  return <div className="toc-inline">{children}</div>;
}
