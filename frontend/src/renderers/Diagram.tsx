/**
 * A Mermaid diagram, rendered at build time (src/docsite/diagrams.py) to two SVG files, light and
 * dark: CSS shows the one of the colour mode, the other loads lazily (only if the reader switches),
 * and readers download no diagram code. The image is named by the diagram's title and described by
 * its Mermaid source, which a disclosure under it shows (without JavaScript too). The image shrinks
 * to the column down to `minWidth`; below that its box scrolls sideways and is then a focusable
 * region (as a table's is).
 */
import { useId, useRef } from 'react';
import { withBase } from '../lib/paths';
import { useOverflows } from './TableWrapper';

interface Props {
  source: string;
  title?: string;
  light?: string;
  dark?: string;
  width?: number;
  height?: number;
  minWidth?: number;
}

export function Diagram({ source, title, light, dark, width, height, minWidth }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(ref);
  const sourceId = useId();
  const label = title ? `Diagram: ${title}` : 'Diagram';
  const image = (src: string, mode: string) => (
    <img
      className={`diagram-image ${mode}-only`}
      src={withBase(src)}
      width={width}
      height={height}
      style={minWidth ? { minWidth } : undefined}
      alt={label}
      aria-describedby={sourceId}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <figure className="diagram">
      {light && dark && (
        <div
          ref={ref}
          className="diagram-scroll"
          data-label={label}
          {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
        >
          {image(light, 'light')}
          {image(dark, 'dark')}
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
