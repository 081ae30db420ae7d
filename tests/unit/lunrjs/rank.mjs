// The search worker's ranking, for tests/unit/test_search_ranking.py: the front end's own engine
// (frontend/src/search/engine.ts) over the site's index files, as the worker queries them.
//
//   node rank.mjs <input.json>    prints the answers as JSON
//
// input: {"indexFiles": [path, ...], "queries": [...], "limit": n}
// output: [{"query", "constant": whether it is typed as a constant, "hits": [sectionRoute, ...]}, ...]
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
const engine = await import('../../../frontend/src/search/engine.ts');

const input = JSON.parse(await readFile(process.argv[2], 'utf8'));
const indexes = [];
for (const path of input.indexFiles) indexes.push(engine.loadIndex(JSON.parse(await readFile(path, 'utf8'))));
const answers = input.queries.map((query) => {
  const constant = engine.isConstantQuery(query);
  const matches = engine.searchIndexes(indexes, engine.queryTerms(query), input.limit, constant ? query : null);
  return { query, constant, hits: matches.map((match) => match.document.sectionRoute) };
});
process.stdout.write(JSON.stringify(answers));
