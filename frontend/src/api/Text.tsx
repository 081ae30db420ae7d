/** Text from a spec: a plain string, or Markdown rendered by the builder to a content tree. */
import type { ApiText } from '../types';
import { Content } from '../renderers/Content';

export function Text({ value, inline }: { value?: ApiText; inline?: boolean }) {
  if (!value || value.length === 0) return null;
  if (typeof value === 'string') return inline ? <>{value}</> : <p>{value}</p>;
  return <Content nodes={value} />;
}

/** An HTTP method as a coloured badge (the same as the operation cards in guides). */
export function Method({ method }: { method: string }) {
  return <span className={`http-method http-method-${method.toLowerCase()}`}>{method}</span>;
}

/** A path with its parameters (`{cartId}`) marked. */
export function Path({ path }: { path: string }) {
  return (
    <code className="api-path">
      {path.split(/(\{[^}]+\})/).map((part, index) =>
        index % 2 ? (
          <span key={index} className="api-path-param">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}
