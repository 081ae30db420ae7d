/** Generated embed code, shown like the site's code blocks (one `.line` per line) with a copy button. */
import { CopyButton } from '../renderers/CodeBlock';

export function SnippetBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="code-block language-html">
      <div className="code-block-body">
        <pre tabIndex={0} aria-label={label}>
          <code>
            {code.split('\n').map((line, index) => (
              <span className="line" key={index}>
                {line}
                {'\n'}
              </span>
            ))}
          </code>
        </pre>
        <CopyButton getText={() => code} />
      </div>
    </div>
  );
}
