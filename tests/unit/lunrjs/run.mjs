// lunr.js's side of the parity test (tests/unit/test_search_parity.py).
//
//   node run.mjs <input.json>    prints the answers as JSON
//
// input: {"words": [...], "queries": [...], "tags": {tag: {"indexFile": path, "fields": {name: boost},
//         "k1": n, "b": n, "documents": [{"ref": "0", field: text, ...}]}}}
// output: {"stems": [...], "trims": [...], "tokens": [[...], ...],
//          "searches": {tag: [{"terms": [...], "hits": [[ref, score], ...]}]},   // the site's index
//          "lunrQuery": {tag: [...]},   // the same, scored by lunr.js's own Index.query
//          "rebuilt": {tag: [...]}}     // an index built by lunr.js from the same text
// Queries run through the front end's own engine (frontend/src/search/engine.ts), so this tests
// the code the search worker runs.
import { readFile } from 'node:fs/promises';
import { createRequire, register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
const lunr = createRequire(new URL('../../../frontend/package.json', import.meta.url))('lunr');
const engine = await import('../../../frontend/src/search/engine.ts');

const input = JSON.parse(await readFile(process.argv[2], 'utf8'));

function search(loaded, query) {
  const terms = engine.queryTerms(query);
  return { terms, hits: engine.queryIndex(loaded, terms, Infinity).map((m) => [String(m.document.id), m.score]) };
}

/** The same query through lunr.js's Index.query: exact (stemmed) and prefix (as typed) clauses. */
function lunrQuery(index, terms) {
  if (terms.length === 0) return { terms, hits: [] };
  const results = index.query((query) => {
    for (const term of terms) {
      query.term(term, {});
      query.term(term, { wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false });
    }
  });
  return { terms, hits: results.map((result) => [result.ref, result.score]) };
}

/** The index lunr.js builds from the same field texts (punctuation-only tokens dropped, as the builder does). */
function rebuild(spec) {
  const dropEmpty = (token) => (token.toString() === '' ? undefined : token);
  lunr.Pipeline.registerFunction(dropEmpty, 'dropEmpty');
  const index = lunr(function () {
    this.pipeline.after(lunr.trimmer, dropEmpty);
    this.k1(spec.k1);
    this.b(spec.b);
    this.ref('ref');
    for (const [name, boost] of Object.entries(spec.fields)) this.field(name, { boost });
    for (const document of spec.documents) this.add(document);
  });
  return JSON.parse(JSON.stringify(index));
}

const output = {
  stems: input.words.map((word) => lunr.stemmer(new lunr.Token(word, {})).toString()),
  trims: input.words.map((word) => lunr.trimmer(new lunr.Token(word, {})).toString()),
  tokens: input.texts.map((text) => lunr.tokenizer(text).map(String)),
  searches: {},
  lunrQuery: {},
  rebuilt: {},
};
for (const [tag, spec] of Object.entries(input.tags)) {
  const file = JSON.parse(await readFile(spec.indexFile, 'utf8'));
  const site = engine.loadIndex(file);
  const jsBuilt = engine.loadIndex({ ...file, index: rebuild(spec) });
  output.searches[tag] = input.queries.map((query) => search(site, query));
  output.lunrQuery[tag] = output.searches[tag].map(({ terms }) => lunrQuery(site.index, terms));
  output.rebuilt[tag] = input.queries.map((query) => search(jsBuilt, query));
}
process.stdout.write(JSON.stringify(output));
