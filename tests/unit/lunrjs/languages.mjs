// lunr-languages' side of tests/unit/test_search_languages.py.
//
//   node languages.mjs <input.json>    prints the answers as JSON
//
// input:  {lang: {"words": [...], "indexFile": path, "queries": [...]}}
// output: {lang: {"terms": [term or null per word],   // lunr-languages' indexing pipeline
//                 "pipeline": [...],                   // the query pipeline lunr.js serializes
//                 "hits": [[sectionRoute, ...] per query]}}   // the front end's search of the builder's index
import { readFile } from 'node:fs/promises';
import { createRequire, register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
const lunr = createRequire(new URL('../../../frontend/package.json', import.meta.url))('lunr');
const engine = await import('../../../frontend/src/search/engine.ts');
const { languageOf } = await import('../../../frontend/src/search/languages.ts');

const input = JSON.parse(await readFile(process.argv[2], 'utf8'));
const output = {};
for (const [code, { words, indexFile, queries }] of Object.entries(input)) {
  const file = JSON.parse(await readFile(indexFile, 'utf8'));
  const language = await languageOf(file.index.pipeline); // loads lunr-languages' code for `code`
  const built = lunr(function () {
    this.use(lunr[code]);
    this.ref('ref');
    this.field('text');
  });
  const pipeline = lunrPipeline(code);
  const terms = words.map((word) => {
    const out = pipeline.run([new lunr.Token(word, {})]);
    return out.length && out[0].toString() !== '' ? out[0].toString() : null;
  });
  const loaded = engine.loadIndex(file, language);
  output[code] = {
    terms,
    pipeline: built.pipeline.toJSON(),
    hits: queries.map((query) =>
      engine.queryIndex(loaded, engine.queryTerms(query, 512, language), Infinity).map((m) => m.document.sectionRoute)),
  };
}
console.log(JSON.stringify(output));

/** The indexing pipeline lunr[code] sets up on a builder. */
function lunrPipeline(code) {
  const builder = new lunr.Builder();
  builder.use(lunr[code]);
  return builder.pipeline;
}
