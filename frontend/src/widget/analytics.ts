/**
 * The widget's analytics events, as content/docs/analytics/analytics-events.md documents them: the
 * common parameters, the GA4 item object, `{ecommerce: null}` before every e-commerce event, one
 * push to the data layer and the same object to `onEvent`.
 */
import type { Catalogue, CatalogueEvent, CatalogueSession, PriceZone } from './catalogue';
import type { WidgetOptions } from './options';

export const WIDGET_VERSION = '2.3.1-sandbox';

export type Item = Record<string, string | number>;

export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Minor units (4550) to the major unit GA4 expects (45.5). */
export const major = (amount: number) => Math.round(amount) / 100;

export function emitter(options: WidgetOptions) {
  return (name: string, params: Record<string, unknown> = {}) => {
    const data: Record<string, unknown> = {
      event: name,
      event_id: uuid(),
      onebox_channel_id: options.channelId,
      onebox_environment: options.environment,
      onebox_widget_version: WIDGET_VERSION,
      ...params,
    };
    if (options.pushToDataLayer) {
      const global = window as unknown as Record<string, unknown>;
      const layer = (Array.isArray(global[options.dataLayerName]) ? global[options.dataLayerName] : (global[options.dataLayerName] = [])) as unknown[];
      if ('ecommerce' in data) layer.push({ ecommerce: null });
      layer.push(data);
    }
    try {
      options.onEvent?.({ name, data });
    } catch (error) {
      console.error('OneboxWidget: the onEvent callback threw', error);
    }
  };
}

export type Emit = ReturnType<typeof emitter>;

export function eventItem(event: CatalogueEvent, index: number, price: number): Item {
  return {
    item_id: `event:${event.id}`,
    item_name: event.name,
    item_brand: event.entity,
    item_category: event.category,
    item_list_id: 'event_list',
    item_list_name: EVENT_LIST_NAME,
    index,
    price: major(price),
    onebox_event_id: event.id,
  };
}

export const EVENT_LIST_NAME = 'Events on sale';
export const sessionListName = (event: CatalogueEvent) => `${event.name}: sessions`;

/** A session as an item; `extra` adds what is known at this step (index, price zone, rate...). */
export function sessionItem(catalogue: Catalogue, session: CatalogueSession, extra: Item = {}): Item {
  const event = catalogue.events.find((e) => e.id === session.eventId)!;
  return {
    item_id: `session:${session.id}`,
    item_name: event.name,
    item_brand: event.entity,
    item_category: event.category,
    item_category2: session.venue.name,
    ...extra,
    session_start: session.startDate,
    onebox_event_id: event.id,
    onebox_session_id: session.id,
  };
}

export interface TicketLine {
  zone: PriceZone;
  rate: { id: number; name: string };
  unitBase: number;
  unitDiscount: number;
  coupon?: string;
  quantity: number;
}

export function ticketItem(catalogue: Catalogue, session: CatalogueSession, line: TicketLine): Item {
  return sessionItem(catalogue, session, {
    item_category3: line.zone.name,
    item_variant: line.rate.name,
    price: major(line.unitBase - line.unitDiscount),
    ...(line.unitDiscount ? { discount: major(line.unitDiscount) } : {}),
    ...(line.coupon ? { coupon: line.coupon } : {}),
    quantity: line.quantity,
    onebox_price_zone_id: line.zone.id,
    onebox_rate_id: line.rate.id,
  });
}

export const linesValue = (lines: TicketLine[]) =>
  major(lines.reduce((sum, line) => sum + (line.unitBase - line.unitDiscount) * line.quantity, 0));
