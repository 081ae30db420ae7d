/** The notice on a page of a translated site that has no translation yet. Its own module: the
 * React pages' wrapper (pages/index.tsx, in the entry chunk) shows it too, without the doc chunk. */
export function UntranslatedNotice({ page }: { page: { untranslated?: { language: string } } }) {
  if (!page.untranslated) return null;
  return (
    <div className="admonition admonition-info doc-untranslated" role="note">
      <div className="admonition-content">
        <p>This page has not been translated yet: it is shown in {page.untranslated.language}.</p>
      </div>
    </div>
  );
}
