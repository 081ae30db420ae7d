/**
 * A Mermaid diagram, rendered to SVG at build time (src/docsite/diagrams.py) in a light and a dark
 * theme: CSS shows the one of the colour mode, and readers download no diagram code. The picture is
 * one image named by its title; its Mermaid source is the text alternative, in a disclosure that
 * opens without JavaScript too. A diagram wider than the column scrolls sideways in its box, which
 * is then a focusable region (as a table's is).
 */
import { useId, useRef } from 'react';
import { useOverflows } from './TableWrapper';

interface Props {
  source: string;
  title?: string;
  light?: string;
  dark?: string;
}

export function Diagram({ source, title, light, dark }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(ref);
  const sourceId = useId();
  const label = title ? `Diagram: ${title}` : 'Diagram';
  return (
    <figure className="diagram">
      {light && dark && (
        <div
          ref={ref}
          className="diagram-scroll"
          {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
        >
          <div role="img" aria-label={label} aria-describedby={sourceId} className="diagram-image">
            <div className="diagram-svg light-only" dangerouslySetInnerHTML={{ __html: light }} />
            <div className="diagram-svg dark-only" dangerouslySetInnerHTML={{ __html: dark }} />
          </div>
        </div>
      )}
      <details className="diagram-source">
        <summary>{title ? `${title}: the diagram as text` : 'The diagram as text'}</summary>
        <pre tabIndex={0} aria-label="Mermaid source of the diagram">
          <code id={sourceId}>{source}</code>
        </pre>
      </details>
    </figure>
  );
}
