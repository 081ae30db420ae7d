// Imports Postman collections and environments with Postman's own parser (postman-collection) and
// prints what it read as JSON, for tests/unit/test_postman.py to check against the specs.
// Usage: node scripts/postman-import.mjs FILE... (a *.postman_collection.json or *.postman_environment.json)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Collection, VariableScope } = require('postman-collection');

const out = {};
for (const file of process.argv.slice(2)) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (file.endsWith('.postman_environment.json')) {
    const scope = new VariableScope(json);
    out[file] = { name: scope.name, values: scope.toObject() };
    continue;
  }
  const collection = new Collection(json);
  const requests = [];
  collection.forEachItem((item) => {
    const { request } = item;
    const auth = item.getAuth();
    requests.push({
      folder: item.parent().name,
      name: item.name,
      method: request.method,
      path: request.url.getPath(true),
      url: request.url.toString(),
      query: request.url.query.all().map((q) => ({ key: q.key, value: q.value, disabled: Boolean(q.disabled) })),
      variables: request.url.variables.toObject(),
      headers: request.headers.all().map((h) => ({ key: h.key, value: h.value, disabled: Boolean(h.disabled) })),
      body: request.body ? request.body.raw : null,
      auth: auth ? { type: auth.type, ...auth.parameters().toObject() } : null,
    });
  });
  out[file] = {
    name: collection.name,
    schema: json.info.schema,
    variables: collection.variables.toObject(),
    folders: collection.items.map((folder) => folder.name),
    requests,
  };
}
process.stdout.write(JSON.stringify(out));
