/**
 * The sandbox catalogue (`/widget/sandbox-catalogue.json`), written by the site builder from the
 * Catalog and Distribution specs' examples (src/docsite/widget_sandbox.py). Amounts are integers
 * in the currency's minor unit, as in the APIs.
 */
export interface CatalogueEvent {
  id: number;
  name: string;
  category: string;
  entity: string;
}

export interface CatalogueSession {
  id: number;
  eventId: number;
  name: string;
  startDate: string;
  timeZone: string;
  venue: { id: number; name: string; city: string };
  seating: 'NUMBERED' | 'GENERAL_ADMISSION' | 'MIXED';
  priceZoneIds: number[];
}

export interface PriceZone {
  id: number;
  name: string;
  seating: 'NUMBERED' | 'GENERAL_ADMISSION';
  color: string;
  /** Rate id (as text) -> price; a rate missing here is not sold in the zone. */
  prices: Record<string, number>;
  /** General admission: tickets left. */
  available?: number;
}

export interface Seat {
  id: number;
  number: string;
  status: 'AVAILABLE' | 'HELD' | 'SOLD' | 'BLOCKED';
}

export interface Sector {
  id: number;
  name: string;
  priceZoneId: number;
  rows: { name: string; seats: Seat[] }[];
}

export interface Catalogue {
  currency: string;
  events: CatalogueEvent[];
  sessions: CatalogueSession[];
  priceZones: PriceZone[];
  rates: { id: number; name: string; isDefault: boolean }[];
  sectors: Sector[];
  maxTicketsPerOrder: number;
  cartLifetimeSeconds: number;
  promotionCodes: { code: string; name: string; percentage: number }[];
  insurance: { id: number; name: string; pricePerTicket: number }[];
}

export const CATALOGUE_FILE = 'sandbox-catalogue.js';
const CATALOGUE_GLOBAL = '__oneboxSandboxCatalogue';

/**
 * Load the catalogue script (src/docsite/widget_sandbox.py writes it): a script, not JSON, so that it
 * loads across origins without CORS, on an integrator's page and in an opaque-origin frame.
 */
export function loadCatalogue(url: string): Promise<Catalogue> {
  const global = window as unknown as Record<string, Catalogue | undefined>;
  if (global[CATALOGUE_GLOBAL]) return Promise.resolve(global[CATALOGUE_GLOBAL]);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const catalogue = global[CATALOGUE_GLOBAL];
      if (catalogue) resolve(catalogue);
      else reject(new Error(`The sandbox catalogue loaded from ${url} holds no catalogue.`));
    };
    script.onerror = () => reject(new Error(`The sandbox catalogue could not be loaded from ${url}.`));
    (document.head ?? document.documentElement).append(script);
  });
}

/** The lowest price sold in a session, over its zones and rates. */
export function lowestPrice(catalogue: Catalogue, session: CatalogueSession): number {
  const prices = catalogue.priceZones
    .filter((zone) => session.priceZoneIds.includes(zone.id))
    .flatMap((zone) => Object.values(zone.prices));
  return Math.min(...prices);
}
