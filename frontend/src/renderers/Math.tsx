/**
 * Math, rendered to MathML at build time (src/docsite/markdown/math.py): the browser draws it
 * natively, so no math code is downloaded. The TeX source stays with it for copying and search.
 */
export function Math({ mathml, tex, display }: { mathml: string; tex: string; display?: boolean }) {
  const Element = display ? 'div' : 'span';
  return <Element className={display ? 'math math-block' : 'math'} data-tex={tex} dangerouslySetInnerHTML={{ __html: mathml }} />;
}
