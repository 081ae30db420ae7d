/**
 * Which token endpoint a Try-it request's credentials go to, and which token it carries: the
 * environment of the server selected. A spec's servers name their environment's token endpoint in
 * `x-onebox-token-url` (content/specs/README.md; docsite.openapi.tryit passes them on as
 * `tokenUrls`).
 */

export interface Environment {
  /** What the panel keeps a token under: a token is sent only to servers of the same key. */
  key: string;
  /** The token endpoints the client credentials may be posted to (the first is preselected). */
  tokenUrls: string[];
}

/**
 * Where a server's tokens come from: its own token endpoint when the spec names one (`key` is that
 * endpoint, so servers of one environment share their token), else every token endpoint of the
 * spec's flows to choose from (`key` is the server: its token is its own).
 */
export function environmentOf(
  server: string,
  serverTokenUrls: Record<string, string>,
  flowTokenUrls: string[],
): Environment {
  const own = Object.hasOwn(serverTokenUrls, server) ? serverTokenUrls[server] : undefined;
  return own ? { key: own, tokenUrls: [own] } : { key: server, tokenUrls: flowTokenUrls };
}
