import { describe, expect, it } from 'vitest';
import lunr from 'lunr';
import { loadIndex, queryIndex, queryTerms, toHit } from './engine';
import { ENGLISH, languageOf } from './languages';
import type { SearchIndexFile } from './types';

/** A French index as the builder writes it: lunr.js with lunr.fr's pipeline. */
async function frenchIndex(sections: { title: string; content: string }[]): Promise<SearchIndexFile> {
  const fr = await languageOf(['trimmer-fr', 'accentFold-fr', 'stemmer-fr']);
  const index = lunr(function () {
    (lunr as unknown as { fr: lunr.Builder.Plugin }).fr.call(this, this);
    this.ref('ref');
    this.field('title', { boost: 5 });
    this.field('content');
    sections.forEach((section, ref) => this.add({ ref: String(ref), ...section }));
  });
  expect(fr.code).toBe('fr');
  const documents = sections.map(({ title, content }, id) => ({
    id, title, content, tags: [], sidebarParentCategories: [], sectionRoute: `/fr/docs/${id}`,
    sectionTitle: title, pageTitle: title, type: 'docs' as const,
  }));
  return { documents, index: JSON.parse(JSON.stringify(index)) };
}

describe('languageOf', () => {
  it('is English for lunr’s own pipeline, without loading anything', async () => {
    expect(await languageOf(['stemmer'])).toBe(ENGLISH);
  });

  it('names a language it cannot load', async () => {
    await expect(languageOf(['stemmer-xx'])).rejects.toThrow("the language 'xx'");
  });

  it('trims, folds and stems French as lunr.fr indexes it', async () => {
    const fr = await languageOf(['trimmer-fr', 'accentFold-fr', 'stemmer-fr']);
    expect(fr.trim('«événement»,')).toBe('événement');
    expect(ENGLISH.trim('événement')).toBe('vénement'); // why a French index needs its own trimmer
    expect(fr.indexTerm('Événements')).toBe(fr.indexTerm('évènement'));
    expect(fr.prefix('évén')).toBe('even');
  });
});

describe('a French index', () => {
  it('finds another inflection of a word, and by a prefix typed with its accents', async () => {
    const fr = await languageOf(['trimmer-fr', 'accentFold-fr', 'stemmer-fr']);
    const loaded = loadIndex(
      await frenchIndex([
        { title: 'Rembourser une commande', content: 'Les remboursements sont définitifs.' },
        { title: 'Les événements', content: 'Un événement a des séances.' },
      ]),
      fr,
    );
    const titles = (query: string) =>
      queryIndex(loaded, queryTerms(query, 512, fr), 8).map((match) => match.document.title);
    expect(titles('remboursé')).toEqual(['Rembourser une commande']);
    expect(titles('Évènements')).toEqual(['Les événements']);
    expect(titles('évén')).toEqual(['Les événements']);
    const terms = queryTerms('remboursement', 512, fr);
    const hit = toHit(queryIndex(loaded, terms, 8)[0]!, terms);
    expect(hit.snippet.parts.filter((part) => part.marked).map((part) => part.text)).toEqual(['remboursements']);
  });
});
