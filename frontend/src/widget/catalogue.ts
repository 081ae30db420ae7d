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

export const CATALOGUE_FILE = 'sandbox-catalogue.json';

export async function loadCatalogue(url: string): Promise<Catalogue> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`The sandbox catalogue could not be loaded from ${url}: ${String(error)}`);
  }
  if (!response.ok) throw new Error(`The sandbox catalogue could not be loaded from ${url} (HTTP ${response.status}).`);
  return (await response.json()) as Catalogue;
}

/** The lowest price sold in a session, over its zones and rates. */
export function lowestPrice(catalogue: Catalogue, session: CatalogueSession): number {
  const prices = catalogue.priceZones
    .filter((zone) => session.priceZoneIds.includes(zone.id))
    .flatMap((zone) => Object.values(zone.prices));
  return Math.min(...prices);
}
