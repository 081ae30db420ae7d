/**
 * Search analytics (optional: `search.analytics` in site.yaml): Algolia Insights through
 * autocomplete-core's Insights plugin. The plugin loads the search-insights script from its CDN,
 * reports the results a reader saw (view events of at most 20 objects, debounced 400 ms: results
 * that flash by while typing are not counted) and the result chosen. A script that fails to load
 * logs a console error; search itself does not depend on it.
 */
import type { AutocompleteOptions } from '@algolia/autocomplete-core';
import type { SiteData } from '../types';
import type { SearchHit } from './types';

export type SearchItem = SearchHit & Record<string, unknown>;
type Analytics = NonNullable<SiteData['search']['analytics']>;

// Local results have no Algolia query id; the plugin only reports items that carry one.
const LOCAL_QUERY_ID = 'local';

export function insightsOptions(analytics: Analytics | null): AutocompleteOptions<SearchItem>['insights'] {
  if (!analytics) return undefined;
  type InitParams = NonNullable<Exclude<AutocompleteOptions<SearchItem>['insights'], boolean | undefined>['insightsInitParams']>;
  return {
    // The plugin's type names search-insights' `init` arguments as a tuple: it is the one object.
    insightsInitParams: { appId: analytics.appId, apiKey: analytics.apiKey } as unknown as InitParams,
    // A click "after search" needs Algolia's query id: report a plain click instead.
    onSelect({ insights, insightsEvents }) {
      insights.clickedObjectIDs(...insightsEvents.map(({ eventName, index, items }) => ({ eventName, index, items })));
    },
  };
}

/** The fields the Insights plugin reads from an item. */
export function insightsItem(hit: SearchHit, analytics: Analytics | null): SearchItem {
  if (!analytics) return hit as SearchItem;
  return {
    ...hit,
    objectID: hit.document.sectionRoute,
    __autocomplete_indexName: analytics.indexName,
    __autocomplete_queryID: LOCAL_QUERY_ID,
    __autocomplete_algoliaCredentials: { appId: analytics.appId, apiKey: analytics.apiKey },
  };
}
