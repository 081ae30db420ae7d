/**
 * The text pipeline of a locale's search index: lunr's English one, or a lunr-languages one
 * (French, German, Spanish, Italian, Portuguese, Arabic). The builder indexed the locale's pages
 * with the same pipeline (src/docsite/search/languages.py) and names it in the index's `pipeline`
 * (`["trimmer-fr", "accentFold-fr", "stemmer-fr"]`); a language's code is loaded only when an index
 * names it, in a chunk of its own, so English pages fetch none of it.
 */
import lunr from 'lunr';

/** What the engine needs of a language, besides the index's own query pipeline. */
export interface Language {
  code: string;
  /** The trimmer: a query token without its leading and trailing non-letters. */
  trim(token: string): string;
  /** The term the index holds of a content token (trimmed, folded, stemmed): for snippets. */
  indexTerm(token: string): string;
  /** A prefix as typed, in the index's spelling (French terms are folded: `évén` -> `even`). */
  prefix(term: string): string;
}

type PipelineFunction = (token: lunr.Token) => lunr.Token | undefined;
type LunrLanguage = { trimmer: PipelineFunction; stemmer: PipelineFunction; accentFold?: PipelineFunction };

const tokenOf = (text: string) => new lunr.Token(text, {});
const apply = (text: string, steps: (PipelineFunction | undefined)[]): string =>
  steps.reduce<lunr.Token | undefined>((token, step) => (token && step ? step(token) : token), tokenOf(text))?.toString() ?? '';

function languageWith(code: string, trimmer: PipelineFunction, stemmer: PipelineFunction, fold?: PipelineFunction): Language {
  const terms = new Map<string, string>();
  return {
    code,
    trim: (token) => apply(token, [trimmer]),
    indexTerm(token) {
      let term = terms.get(token);
      if (term === undefined) {
        term = apply(token.toLowerCase(), [trimmer, fold, stemmer]);
        if (terms.size > 50_000) terms.clear();
        terms.set(token, term);
      }
      return term;
    },
    prefix: (term) => (fold ? apply(term, [fold]) : term),
  };
}

export const ENGLISH: Language = languageWith('en', lunr.trimmer, lunr.stemmer);

// One loader per language, so the bundler makes a chunk of each (and of the shared support code).
const LOADERS: Record<string, () => Promise<{ default: (lunr: object) => void }>> = {
  fr: () => import('lunr-languages/lunr.fr.js'),
  de: () => import('lunr-languages/lunr.de.js'),
  es: () => import('lunr-languages/lunr.es.js'),
  it: () => import('lunr-languages/lunr.it.js'),
  pt: () => import('lunr-languages/lunr.pt.js'),
  ar: () => import('lunr-languages/lunr.ar.js'),
};

const loaded = new Map<string, Promise<Language>>();

/** The language an index's pipeline names (its `stemmer-<code>`), loaded once; English otherwise. */
export function languageOf(pipeline: readonly string[]): Promise<Language> {
  const code = pipeline.map((label) => /^stemmer-(\w+)$/.exec(label)?.[1]).find(Boolean);
  if (!code) return Promise.resolve(ENGLISH);
  const loader = LOADERS[code];
  if (!loader) return Promise.reject(new Error(`The search index needs the language '${code}', which this front end does not load.`));
  let language = loaded.get(code);
  if (!language) {
    language = (async () => {
      const support = await import('lunr-languages/lunr.stemmer.support.js');
      const lunrWithLanguages = lunr as unknown as Record<string, LunrLanguage | undefined>;
      if (!lunrWithLanguages.stemmerSupport) support.default(lunr);
      (await loader()).default(lunr);
      const { trimmer, stemmer, accentFold } = lunrWithLanguages[code]!;
      return languageWith(code, trimmer, stemmer, accentFold);
    })();
    loaded.set(code, language);
  }
  return language;
}
