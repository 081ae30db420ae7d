/**
 * A code sample the page does not carry: every language but the first (src/docsite/openapi/samples.py
 * highlights them into the API's samples file). The file is fetched once per page, when a reader
 * first shows such a sample (picks its tab, or comes back with that language remembered), and the
 * sample shown as the CodeBlock the builder made.
 */
import { useContext, useEffect, useState } from 'react';
import { CodeBlock } from '../renderers/CodeBlock';
import { TabShownContext } from '../renderers/Tabs';
import { fetchJson } from '../lib/data';
import { samplesDataPath } from '../lib/paths';
import { useApi } from './context';

/** Operation anchor -> tab value -> highlighted HTML. */
type Samples = Record<string, Record<string, string>>;

interface Props {
  /** The highlighting language (`go`, `csharp`...). */
  language: string;
  /** The tab value the file keys the sample by. */
  sample: string;
  /** The operation's anchor. */
  operation: string;
}

export function CodeSample({ language, sample, operation }: Props) {
  const { page } = useApi();
  const shown = useContext(TabShownContext);
  const [samples, setSamples] = useState<Samples | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!shown || samples) return;
    let live = true;
    fetchJson<Samples>(samplesDataPath(page.api.name)).then(
      (data) => live && (data ? setSamples(data) : setFailed(true)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [shown, samples, page.api.name]);
  const html = samples?.[operation]?.[sample];
  if (html !== undefined) return <CodeBlock language={language} html={html} />;
  return (
    <div className={`code-block language-${language} api-sample-pending`} aria-busy={!failed}>
      <p>{failed || samples ? 'The sample could not be loaded. Reload the page to try again.' : 'Loading the sample…'}</p>
    </div>
  );
}
