/**
 * The sandbox sales widget: the whole buyer flow (events, sessions, seat map or quantities, cart
 * with rates, promotion code and expiry, checkout with a simulated payment, confirmation) running in
 * the browser on the sandbox catalogue. It renders in an open shadow root of the host's element, so
 * its styles and the page's stay apart; plain DOM, no framework.
 */
import {
  EVENT_LIST_NAME,
  emitter,
  eventItem,
  linesValue,
  major,
  sessionItem,
  sessionListName,
  ticketItem,
  type Emit,
  type TicketLine,
} from './analytics';
import { lowestPrice, type Catalogue, type CatalogueSession, type PriceZone } from './catalogue';
import { CHANNEL_DEFAULT_LOCALE, CHANNEL_LOCALES, type WidgetOptions } from './options';
import { STYLES } from './styles';

/** The simulated payment declines this card, so a buyer can see a payment error. */
export const DECLINED_CARD = '4000 0000 0000 0002';
export const TEST_CARD = '4242 4242 4242 4242';

interface Ticket {
  key: string;
  zoneId: number;
  rateId: number;
  seat?: { id: number; label: string };
}

interface Cart {
  id: string;
  sessionId: number;
  tickets: Ticket[];
  expiresAt: number;
  promotion?: { code: string; name: string; percentage: number };
}

type Step =
  | { kind: 'events' }
  | { kind: 'sessions'; eventId: number }
  | { kind: 'session'; sessionId: number }
  | { kind: 'cart' }
  | { kind: 'checkout' }
  | { kind: 'payment' }
  | { kind: 'done'; orderCode: string; total: number };

type Child = Node | string | null | undefined | false;

function h(tag: string, props: Record<string, unknown> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') element.addEventListener(key.slice(2), value as EventListener);
    else if (key === 'className') element.className = String(value);
    else if (key === 'value') (element as HTMLInputElement).value = String(value);
    else if (key === 'style') for (const [p, v] of Object.entries(value as Record<string, string>)) element.style.setProperty(p, v);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

const randomCode = (length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789') =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => alphabet[b % alphabet.length]).join('');

export class SandboxWidget {
  private readonly root: HTMLElement;
  private readonly emit: Emit;
  private readonly locale: string;
  private step: Step;
  private cart: Cart | null = null;
  private seatSelection = new Set<number>();
  private quantities = new Map<number, number>();
  private message: { text: string; error?: boolean } | null = null;
  private timer = 0;
  private insuranceId: number | null = null;
  private paymentType = 'card';
  private buyer = { name: '', email: '' };
  private card = TEST_CARD;
  private loadedEmitted = false;
  private focusStep = false;
  /** Seats bought in this page: sold from now on. */
  private sold = new Set<number>();

  constructor(
    private readonly shadow: ShadowRoot,
    private readonly catalogue: Catalogue,
    private readonly options: WidgetOptions,
  ) {
    this.emit = emitter(options);
    this.locale = options.locale && CHANNEL_LOCALES.includes(options.locale) ? options.locale : CHANNEL_DEFAULT_LOCALE;
    this.root = h('div', { className: `ob-root ob-height-${options.height}`, lang: this.locale });
    const t = options.theme;
    const vars: Record<string, string> = {
      '--ob-primary': t.colorPrimary,
      '--ob-on-primary': t.colorOnPrimary,
      '--ob-background': t.colorBackground,
      '--ob-surface': t.colorSurface,
      '--ob-text': t.colorText,
      '--ob-border': t.colorBorder,
      '--ob-font': t.fontFamily,
      '--ob-radius': `${t.borderRadius}px`,
    };
    for (const [name, value] of Object.entries(vars)) this.root.style.setProperty(name, value);
    if (options.height === 'fixed') {
      this.root.tabIndex = 0;
      this.root.setAttribute('role', 'region');
      this.root.setAttribute('aria-label', 'Ticket sales');
    }
    adoptStyles(shadow);
    shadow.append(this.root);
    if (options.sessionId !== undefined) this.step = { kind: 'session', sessionId: options.sessionId };
    else if (options.eventId !== undefined) this.step = { kind: 'sessions', eventId: options.eventId };
    else this.step = { kind: 'events' };
    this.render();
    this.loadedEmitted = true;
    this.emit('widget_loaded', {
      onebox_widget_mode: options.sessionId !== undefined ? 'session' : options.eventId !== undefined ? 'event' : 'event_list',
      ...(options.eventId !== undefined ? { onebox_event_id: options.eventId } : {}),
      ...(options.sessionId !== undefined ? { onebox_session_id: options.sessionId } : {}),
      locale: this.locale,
    });
    this.enterStep();
  }

  destroy() {
    window.clearInterval(this.timer);
    this.shadow.replaceChildren();
  }

  // Formats -------------------------------------------------------------------------------------

  private money(amount: number): string {
    return new Intl.NumberFormat(this.locale, {
      style: 'currency',
      currency: this.catalogue.currency,
      currencyDisplay: this.options.currencyDisplay,
    }).format(major(amount));
  }

  private date(session: CatalogueSession): string {
    return new Intl.DateTimeFormat(this.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: session.timeZone }).format(
      new Date(session.startDate),
    );
  }

  // Catalogue lookups ---------------------------------------------------------------------------

  private session(id: number) {
    return this.catalogue.sessions.find((s) => s.id === id);
  }
  private zone(id: number) {
    return this.catalogue.priceZones.find((z) => z.id === id)!;
  }
  private rate(id: number) {
    return this.catalogue.rates.find((r) => r.id === id)!;
  }
  private defaultRate(zone: PriceZone) {
    const rate = this.catalogue.rates.find((r) => r.isDefault && String(r.id) in zone.prices);
    return rate ?? this.catalogue.rates.find((r) => String(r.id) in zone.prices)!;
  }

  /** Tickets grouped by price zone and rate, with the promotion's reduction: the items of the events. */
  private lines(tickets: Ticket[]): TicketLine[] {
    const groups = new Map<string, TicketLine>();
    const promotion = this.cart?.promotion;
    for (const ticket of tickets) {
      const key = `${ticket.zoneId}:${ticket.rateId}`;
      const zone = this.zone(ticket.zoneId);
      const base = zone.prices[String(ticket.rateId)]!;
      const line = groups.get(key) ?? {
        zone,
        rate: this.rate(ticket.rateId),
        unitBase: base,
        unitDiscount: promotion ? Math.round((base * promotion.percentage) / 100) : 0,
        coupon: promotion?.code,
        quantity: 0,
      };
      line.quantity += 1;
      groups.set(key, line);
    }
    return [...groups.values()];
  }

  /** The cart's parameters; `coupon` (the code applied) only where the events reference documents it. */
  private cartEcommerce(tickets = this.cart?.tickets ?? [], extra: Record<string, unknown> = {}, coupon = true) {
    const session = this.session(this.cart!.sessionId)!;
    const lines = this.lines(tickets);
    return {
      onebox_cart_id: this.cart!.id,
      ecommerce: {
        ...extra,
        currency: this.catalogue.currency,
        value: linesValue(lines),
        ...(this.cart?.promotion && coupon ? { coupon: this.cart.promotion.code } : {}),
        items: lines.map((line) => ticketItem(this.catalogue, session, line)),
      },
    };
  }

  private cartTotal(): number {
    const lines = this.lines(this.cart?.tickets ?? []);
    const tickets = lines.reduce((sum, l) => sum + (l.unitBase - l.unitDiscount) * l.quantity, 0);
    const insurance = this.catalogue.insurance.find((o) => o.id === this.insuranceId);
    return tickets + (insurance ? insurance.pricePerTicket * (this.cart?.tickets.length ?? 0) : 0);
  }

  // Navigation and the events each step emits ----------------------------------------------------

  private go(step: Step) {
    this.step = step;
    this.message = null;
    this.focusStep = true;
    this.render();
    this.enterStep();
  }

  /** The events a step emits when it is shown. */
  private enterStep() {
    const step = this.step;
    if (step.kind === 'events') {
      this.emit('view_item_list', {
        ecommerce: {
          item_list_id: 'event_list',
          item_list_name: EVENT_LIST_NAME,
          items: this.catalogue.events.map((event, index) =>
            eventItem(event, index, Math.min(...this.catalogue.sessions.filter((s) => s.eventId === event.id).map((s) => lowestPrice(this.catalogue, s)))),
          ),
        },
      });
    } else if (step.kind === 'sessions') {
      const event = this.catalogue.events.find((e) => e.id === step.eventId);
      if (!event) return;
      const sessions = this.catalogue.sessions.filter((s) => s.eventId === event.id);
      this.emit('view_item_list', {
        ecommerce: {
          item_list_id: 'session_list',
          item_list_name: sessionListName(event),
          items: sessions.map((session, index) =>
            sessionItem(this.catalogue, session, {
              item_list_id: 'session_list',
              item_list_name: sessionListName(event),
              index,
              price: major(lowestPrice(this.catalogue, session)),
            }),
          ),
        },
      });
    } else if (step.kind === 'session') {
      const session = this.session(step.sessionId);
      if (!session) return;
      const lowest = major(lowestPrice(this.catalogue, session));
      this.emit('view_item', {
        ecommerce: {
          currency: this.catalogue.currency,
          value: lowest,
          items: [sessionItem(this.catalogue, session, { price: lowest, quantity: 1 })],
        },
      });
      if (session.seating !== 'GENERAL_ADMISSION')
        this.emit('seat_map_opened', { onebox_event_id: session.eventId, onebox_session_id: session.id });
    } else if (step.kind === 'cart' && this.cart) {
      this.emit('view_cart', this.cartEcommerce(undefined, {}, false));
    }
  }

  private selectEvent(index: number) {
    const event = this.catalogue.events[index]!;
    const price = Math.min(...this.catalogue.sessions.filter((s) => s.eventId === event.id).map((s) => lowestPrice(this.catalogue, s)));
    this.emit('select_item', {
      ecommerce: { item_list_id: 'event_list', item_list_name: EVENT_LIST_NAME, items: [eventItem(event, index, price)] },
    });
    this.go({ kind: 'sessions', eventId: event.id });
  }

  private selectSession(session: CatalogueSession, index: number) {
    const event = this.catalogue.events.find((e) => e.id === session.eventId)!;
    const list = { item_list_id: 'session_list', item_list_name: sessionListName(event) };
    this.emit('select_item', {
      ecommerce: {
        ...list,
        items: [sessionItem(this.catalogue, session, { ...list, index, price: major(lowestPrice(this.catalogue, session)) })],
      },
    });
    this.seatSelection.clear();
    this.quantities.clear();
    this.go({ kind: 'session', sessionId: session.id });
  }

  private addToCart(session: CatalogueSession) {
    const added: Ticket[] = [];
    for (const sector of this.catalogue.sectors) {
      for (const row of sector.rows) {
        for (const seat of row.seats) {
          if (!this.seatSelection.has(seat.id)) continue;
          const zone = this.zone(sector.priceZoneId);
          added.push({
            key: `seat:${seat.id}`,
            zoneId: zone.id,
            rateId: this.defaultRate(zone).id,
            seat: { id: seat.id, label: `${sector.name}, row ${row.name}, seat ${seat.number}` },
          });
        }
      }
    }
    for (const [zoneId, quantity] of this.quantities) {
      const zone = this.zone(zoneId);
      for (let i = 0; i < quantity; i++) added.push({ key: `ga:${zoneId}:${randomCode(8)}`, zoneId, rateId: this.defaultRate(zone).id });
    }
    if (!added.length) {
      this.message = { text: 'Choose seats on the map or a quantity first.', error: true };
      return this.render();
    }
    if (this.cart && this.cart.sessionId !== session.id) {
      this.message = { text: 'Your cart holds tickets for another session. Empty it or finish that purchase first.', error: true };
      return this.render();
    }
    const held = this.cart?.tickets.length ?? 0;
    if (held + added.length > this.catalogue.maxTicketsPerOrder) {
      this.message = { text: `An order holds at most ${this.catalogue.maxTicketsPerOrder} tickets.`, error: true };
      return this.render();
    }
    if (!this.cart) {
      this.cart = { id: `crt_${randomCode(16, 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`, sessionId: session.id, tickets: [], expiresAt: 0 };
    }
    this.cart.tickets.push(...added);
    this.touchCart();
    this.emit('add_to_cart', this.cartEcommerce(added, {}, false));
    this.seatSelection.clear();
    this.quantities.clear();
    this.go({ kind: 'cart' });
  }

  /** A cart expires a lifetime after its last change (the Distribution API's rule). */
  private touchCart() {
    if (!this.cart) return;
    this.cart.expiresAt = Date.now() + this.catalogue.cartLifetimeSeconds * 1000;
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.tick(), 1000);
  }

  private tick() {
    if (!this.cart) return window.clearInterval(this.timer);
    if (Date.now() < this.cart.expiresAt) {
      const clock = this.shadow.querySelector('[data-countdown]');
      if (clock) clock.textContent = this.remaining();
      return;
    }
    window.clearInterval(this.timer);
    const cart = this.cart;
    this.emit('cart_expired', { onebox_cart_id: cart.id, currency: this.catalogue.currency, cart_value: major(this.cartTotalOf(cart)) });
    this.cart = null;
    this.insuranceId = null;
    const sessionId = cart.sessionId;
    this.step = { kind: 'session', sessionId };
    this.focusStep = true;
    this.message = { text: 'Your cart expired and its seats were released. Choose your tickets again.', error: true };
    this.render();
  }

  private cartTotalOf(cart: Cart) {
    return this.lines(cart.tickets).reduce((sum, l) => sum + (l.unitBase - l.unitDiscount) * l.quantity, 0);
  }

  private remaining(): string {
    const seconds = Math.max(0, Math.ceil(((this.cart?.expiresAt ?? 0) - Date.now()) / 1000));
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  }

  private removeTickets(tickets: Ticket[]) {
    if (!this.cart) return;
    const payload = this.cartEcommerce(tickets, {}, false);
    this.cart.tickets = this.cart.tickets.filter((t) => !tickets.includes(t));
    this.emit('remove_from_cart', payload);
    if (!this.cart.tickets.length) {
      window.clearInterval(this.timer);
      const sessionId = this.cart.sessionId;
      this.cart = null;
      return this.go({ kind: 'session', sessionId });
    }
    this.touchCart();
    this.render();
  }

  private applyCode(entered: string) {
    if (!this.cart) return;
    const code = entered.trim().toUpperCase();
    if (!code) {
      this.message = { text: 'Enter a promotion code.', error: true };
      return this.render();
    }
    const promotion = this.catalogue.promotionCodes.find((p) => p.code === code);
    this.emit('promotion_code_applied', { onebox_cart_id: this.cart.id, promotion_code: code, promotion_result: promotion ? 'applied' : 'rejected' });
    if (promotion) {
      this.cart.promotion = promotion;
      this.touchCart();
      this.message = { text: `${promotion.name} applied: ${promotion.percentage}% off every ticket.` };
    } else {
      this.message = { text: `The code ${code} is not valid for this cart.`, error: true };
    }
    this.render();
  }

  private beginCheckout() {
    this.emit('begin_checkout', this.cartEcommerce());
    this.go({ kind: 'checkout' });
  }

  private choosePayment() {
    if (!this.buyer.name.trim() || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(this.buyer.email)) {
      this.message = { text: 'Enter your name and a valid email address: the tickets are sent there.', error: true };
      return this.render();
    }
    const payload = this.cartEcommerce(undefined, { payment_type: this.paymentType });
    payload.ecommerce.value = major(this.cartTotal());
    this.emit('add_payment_info', payload);
    this.go({ kind: 'payment' });
  }

  private pay() {
    if (!this.cart) return;
    if (this.card.replace(/\s/g, '') === DECLINED_CARD.replace(/\s/g, '')) {
      this.emit('checkout_error', {
        error_step: 'payment',
        error_code: 'PAYMENT_DECLINED',
        onebox_trace_id: randomCode(16, '0123456789abcdef'),
        onebox_cart_id: this.cart.id,
      });
      this.message = { text: 'The payment was declined (simulated). Use another card; no money was charged.', error: true };
      return this.render();
    }
    const orderCode = `OB${randomCode(8)}`;
    const total = this.cartTotal();
    const payload = this.cartEcommerce(undefined, { transaction_id: orderCode });
    payload.ecommerce.value = major(total);
    window.clearInterval(this.timer);
    for (const ticket of this.cart.tickets) if (ticket.seat) this.sold.add(ticket.seat.id);
    this.cart = null;
    this.emit('purchase', { ...payload, event_id: `purchase_${orderCode}` });
    this.insuranceId = null;
    this.go({ kind: 'done', orderCode, total });
  }

  // Rendering -----------------------------------------------------------------------------------

  private render() {
    const active = this.shadow.activeElement as HTMLElement | null;
    const focusKey = active?.dataset.key;
    const body = this.view();
    const status = h('p', { className: `ob-message${this.message?.error ? ' ob-error' : ''}`, role: this.message?.error ? 'alert' : 'status' }, this.message?.text ?? '');
    this.root.replaceChildren(this.header(), status, body);
    if (this.focusStep && this.loadedEmitted) {
      this.focusStep = false;
      this.shadow.querySelector<HTMLElement>('h2')?.focus();
    } else if (focusKey) {
      this.shadow.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
    }
  }

  private header(): HTMLElement {
    const cart = this.cart;
    return h(
      'div',
      { className: 'ob-header' },
      h('span', { className: 'ob-brand' }, 'Onebox tickets · sandbox'),
      cart &&
        this.step.kind !== 'cart' &&
        h(
          'button',
          { type: 'button', className: 'ob-link', 'data-key': 'open-cart', onclick: () => this.go({ kind: 'cart' }) },
          `Cart (${cart.tickets.length}) · `,
          h('span', { 'data-countdown': '' }, this.remaining()),
        ),
    );
  }

  private back(label: string, step: Step) {
    return h('button', { type: 'button', className: 'ob-link ob-back', 'data-key': `back-${step.kind}`, onclick: () => this.go(step) }, `← ${label}`);
  }

  private title(text: string) {
    return h('h2', { tabindex: -1 }, text);
  }

  private view(): HTMLElement {
    const step = this.step;
    switch (step.kind) {
      case 'events':
        return this.eventsView();
      case 'sessions':
        return this.sessionsView(step.eventId);
      case 'session':
        return this.sessionView(step.sessionId);
      case 'cart':
        return this.cartView();
      case 'checkout':
        return this.checkoutView();
      case 'payment':
        return this.paymentView();
      case 'done':
        return this.doneView(step.orderCode, step.total);
    }
  }

  private eventsView() {
    return h(
      'section',
      {},
      this.title('Events on sale'),
      h(
        'ul',
        { className: 'ob-list' },
        ...this.catalogue.events.map((event, index) => {
          const sessions = this.catalogue.sessions.filter((s) => s.eventId === event.id);
          const from = Math.min(...sessions.map((s) => lowestPrice(this.catalogue, s)));
          return h(
            'li',
            { className: 'ob-card' },
            h('h3', {}, event.name),
            h('p', {}, `${event.entity} · ${sessions.length} session${sessions.length === 1 ? '' : 's'} · from ${this.money(from)}`),
            h('button', { type: 'button', className: 'ob-button', 'data-key': `event-${event.id}`, 'aria-label': `See sessions of ${event.name}`, onclick: () => this.selectEvent(index) }, 'See sessions'),
          );
        }),
      ),
    );
  }

  private sessionsView(eventId: number) {
    const event = this.catalogue.events.find((e) => e.id === eventId);
    if (!event) return this.notFound(`There is no event ${eventId} in the sandbox catalogue.`);
    const sessions = this.catalogue.sessions.filter((s) => s.eventId === eventId);
    return h(
      'section',
      {},
      this.options.eventId === undefined && this.back('All events', { kind: 'events' }),
      this.title(event.name),
      h(
        'ul',
        { className: 'ob-list' },
        ...sessions.map((session, index) =>
          h(
            'li',
            { className: 'ob-card' },
            h('h3', {}, `${session.venue.name}, ${session.venue.city}`),
            h('p', {}, `${this.date(session)} · from ${this.money(lowestPrice(this.catalogue, session))}`),
            h('button', { type: 'button', className: 'ob-button', 'data-key': `session-${session.id}`, 'aria-label': `Choose tickets for ${session.venue.city}, ${this.date(session)}`, onclick: () => this.selectSession(session, index) }, 'Choose tickets'),
          ),
        ),
      ),
    );
  }

  private notFound(text: string) {
    const ids = this.catalogue.events.map((e) => `event ${e.id}`).concat(this.catalogue.sessions.map((s) => `session ${s.id}`));
    return h('section', {}, this.title('Not on sale'), h('p', {}, `${text} The sandbox sells ${ids.join(', ')}.`), this.options.eventId === undefined && this.options.sessionId === undefined ? this.back('All events', { kind: 'events' }) : null);
  }

  private sessionView(sessionId: number) {
    const session = this.session(sessionId);
    if (!session) return this.notFound(`There is no session ${sessionId} in the sandbox catalogue.`);
    const event = this.catalogue.events.find((e) => e.id === session.eventId)!;
    const zones = session.priceZoneIds.map((id) => this.zone(id));
    const held = new Set(this.cart?.sessionId === session.id ? this.cart.tickets.map((t) => t.seat?.id) : []);
    const chosen = this.seatSelection.size + [...this.quantities.values()].reduce((a, b) => a + b, 0);
    const max = this.catalogue.maxTicketsPerOrder - (this.cart?.tickets.length ?? 0);
    const ga = zones.filter((z) => z.seating === 'GENERAL_ADMISSION');
    const sectors = this.catalogue.sectors.filter((s) => session.priceZoneIds.includes(s.priceZoneId));
    const defaultRate = (zone: PriceZone) => this.money(zone.prices[String(this.defaultRate(zone).id)]!);
    return h(
      'section',
      {},
      this.options.sessionId === undefined && this.back('All sessions', { kind: 'sessions', eventId: event.id }),
      this.title(event.name),
      h('p', { className: 'ob-muted' }, `${session.venue.name}, ${session.venue.city} · ${this.date(session)}`),
      ga.length > 0 &&
        h(
          'fieldset',
          { className: 'ob-zones' },
          h('legend', {}, 'General admission'),
          ...ga.map((zone) => {
            const quantity = this.quantities.get(zone.id) ?? 0;
            const set = (n: number) => {
              this.quantities.set(zone.id, n);
              if (!n) this.quantities.delete(zone.id);
              this.message = null;
              this.render();
            };
            return h(
              'div',
              { className: 'ob-zone' },
              h('span', { className: 'ob-swatch', style: { background: zone.color } }),
              h('span', { className: 'ob-zone-name' }, `${zone.name} · ${defaultRate(zone)}`, h('br'), h('small', {}, `${zone.available} left`)),
              h('button', { type: 'button', className: 'ob-step', 'data-key': `less-${zone.id}`, 'aria-label': `One ticket less in ${zone.name}`, disabled: quantity === 0, onclick: () => set(quantity - 1) }, '−'),
              h('output', { 'aria-live': 'polite', 'aria-label': `Tickets in ${zone.name}` }, String(quantity)),
              h('button', { type: 'button', className: 'ob-step', 'data-key': `more-${zone.id}`, 'aria-label': `One ticket more in ${zone.name}`, disabled: chosen >= max, onclick: () => set(quantity + 1) }, '+'),
            );
          }),
        ),
      sectors.length > 0 &&
        h(
          'div',
          { className: 'ob-map', role: 'group', 'aria-label': 'Seat map' },
          h('p', { className: 'ob-stage', 'aria-hidden': 'true' }, 'Stage'),
          ...sectors.map((sector) => {
            const zone = this.zone(sector.priceZoneId);
            return h(
              'fieldset',
              { className: 'ob-sector', style: { '--ob-zone': zone.color } },
              h('legend', {}, h('span', { className: 'ob-swatch', style: { background: zone.color } }), ` ${sector.name.startsWith(zone.name) ? sector.name : `${sector.name} · ${zone.name}`} · ${defaultRate(zone)}`),
              ...sector.rows.map((row) =>
                h(
                  'div',
                  { className: 'ob-row' },
                  h('span', { className: 'ob-row-name', 'aria-hidden': 'true' }, row.name),
                  ...row.seats.map((seat) => {
                    const selected = this.seatSelection.has(seat.id);
                    const free = seat.status === 'AVAILABLE' && !held.has(seat.id) && !this.sold.has(seat.id);
                    const label = `Row ${row.name}, seat ${seat.number}, ${zone.name}${free ? '' : held.has(seat.id) ? ', in your cart' : ', not available'}`;
                    return h(
                      'button',
                      {
                        type: 'button',
                        className: `ob-seat${selected ? ' ob-selected' : ''}${free ? '' : ' ob-taken'}`,
                        'data-key': `seat-${seat.id}`,
                        'aria-pressed': free ? String(selected) : undefined,
                        'aria-label': label,
                        title: label,
                        disabled: !free || (!selected && chosen >= max),
                        onclick: () => {
                          if (selected) this.seatSelection.delete(seat.id);
                          else this.seatSelection.add(seat.id);
                          this.message = null;
                          this.render();
                        },
                      },
                      seat.number,
                    );
                  }),
                ),
              ),
            );
          }),
          h('p', { className: 'ob-legend ob-muted' }, h('span', { className: 'ob-seat ob-key' }, ''), ' available  ', h('span', { className: 'ob-seat ob-selected ob-key' }, ''), ' selected  ', h('span', { className: 'ob-seat ob-taken ob-key' }, ''), ' not available'),
        ),
      h('p', { className: 'ob-muted' }, chosen ? `${chosen} ticket${chosen === 1 ? '' : 's'} chosen` : `Up to ${this.catalogue.maxTicketsPerOrder} tickets per order.`),
      h('button', { type: 'button', className: 'ob-button', 'data-key': 'add', onclick: () => this.addToCart(session) }, 'Add to cart'),
    );
  }

  private cartView() {
    const cart = this.cart;
    if (!cart) return h('section', {}, this.title('Your cart'), h('p', {}, 'Your cart is empty.'), this.back('Events', { kind: 'events' }));
    const session = this.session(cart.sessionId)!;
    const event = this.catalogue.events.find((e) => e.id === session.eventId)!;
    const lines = this.lines(cart.tickets);
    let code = '';
    return h(
      'section',
      {},
      this.back('Add more tickets', { kind: 'session', sessionId: cart.sessionId }),
      this.title('Your cart'),
      h('p', { className: 'ob-muted' }, `${event.name} · ${session.venue.name} · ${this.date(session)}`),
      h('p', { className: 'ob-timer' }, 'Your tickets are held for ', h('strong', { 'data-countdown': '' }, this.remaining()), ' more minutes.'),
      h(
        'ul',
        { className: 'ob-list' },
        ...cart.tickets.map((ticket, index) => {
          const zone = this.zone(ticket.zoneId);
          const label = ticket.seat?.label ?? `${zone.name}, general admission`;
          const price = zone.prices[String(ticket.rateId)]!;
          return h(
            'li',
            { className: 'ob-card ob-ticket' },
            h('span', {}, label, h('br'), h('strong', {}, this.money(price))),
            h(
              'label',
              { className: 'ob-field' },
              h('span', {}, 'Rate'),
              h(
                'select',
                {
                  'data-key': `rate-${ticket.key}`,
                  onchange: (e: Event) => {
                    ticket.rateId = Number((e.target as HTMLSelectElement).value);
                    this.touchCart();
                    this.render();
                  },
                },
                ...this.catalogue.rates
                  .filter((r) => String(r.id) in zone.prices)
                  .map((r) => h('option', { value: r.id, selected: r.id === ticket.rateId }, `${r.name} · ${this.money(zone.prices[String(r.id)]!)}`)),
              ),
            ),
            h('button', { type: 'button', className: 'ob-link', 'data-key': `remove-${ticket.key}`, 'aria-label': `Remove ticket ${index + 1}: ${label}`, onclick: () => this.removeTickets([ticket]) }, 'Remove'),
          );
        }),
      ),
      h(
        'form',
        {
          className: 'ob-promo',
          onsubmit: (e: Event) => {
            e.preventDefault();
            this.applyCode(code);
          },
        },
        h('label', { className: 'ob-field' }, h('span', {}, 'Promotion code'), h('input', { name: 'code', autocomplete: 'off', 'data-key': 'code', oninput: (e: Event) => (code = (e.target as HTMLInputElement).value) })),
        h('button', { type: 'submit', className: 'ob-button ob-secondary', 'data-key': 'apply' }, 'Apply'),
      ),
      cart.promotion && h('p', {}, `Promotion: ${cart.promotion.name} (${cart.promotion.code})`),
      h('dl', { className: 'ob-total' }, ...lines.flatMap((l) => [h('dt', {}, `${l.quantity} × ${l.zone.name}, ${l.rate.name}`), h('dd', {}, this.money((l.unitBase - l.unitDiscount) * l.quantity))]), h('dt', {}, 'Total'), h('dd', {}, h('strong', {}, this.money(this.cartTotalOf(cart))))),
      h('button', { type: 'button', className: 'ob-button', 'data-key': 'checkout', onclick: () => this.beginCheckout() }, 'Checkout'),
    );
  }

  private checkoutView() {
    if (!this.cart) return this.cartView();
    const input = (name: 'name' | 'email', label: string, type: string, autocomplete: string) =>
      h('label', { className: 'ob-field' }, h('span', {}, label), h('input', { name, type, autocomplete, required: true, 'data-key': name, value: this.buyer[name], oninput: (e: Event) => (this.buyer[name] = (e.target as HTMLInputElement).value) }));
    return h(
      'section',
      {},
      this.back('Cart', { kind: 'cart' }),
      this.title('Checkout'),
      h(
        'form',
        {
          novalidate: true,
          onsubmit: (e: Event) => {
            e.preventDefault();
            this.choosePayment();
          },
        },
        input('name', 'Full name', 'text', 'name'),
        input('email', 'Email', 'email', 'email'),
        this.catalogue.insurance.length > 0 &&
          h(
            'fieldset',
            {},
            h('legend', {}, 'Cancellation insurance'),
            ...[{ id: null as number | null, name: 'No insurance', pricePerTicket: 0 }, ...this.catalogue.insurance].map((offer) =>
              h('label', { className: 'ob-choice' }, h('input', { type: 'radio', name: 'insurance', 'data-key': `insurance-${offer.id}`, checked: this.insuranceId === offer.id, onchange: () => { this.insuranceId = offer.id; this.render(); } }), offer.id === null ? offer.name : ` ${offer.name}: ${this.money(offer.pricePerTicket)} per ticket`),
            ),
          ),
        h(
          'fieldset',
          {},
          h('legend', {}, 'Payment method'),
          ...[['card', 'Card'], ['bizum', 'Bizum']].map(([value, label]) =>
            h('label', { className: 'ob-choice' }, h('input', { type: 'radio', name: 'payment', value, 'data-key': `payment-${value}`, checked: this.paymentType === value, onchange: () => (this.paymentType = value!) }), ` ${label}`),
          ),
        ),
        h('p', {}, 'Total to pay: ', h('strong', {}, this.money(this.cartTotal()))),
        h('button', { type: 'submit', className: 'ob-button', 'data-key': 'to-payment' }, 'Continue to payment'),
      ),
    );
  }

  private paymentView() {
    if (!this.cart) return this.cartView();
    return h(
      'section',
      {},
      this.back('Checkout', { kind: 'checkout' }),
      this.title('Payment'),
      h('p', { className: 'ob-muted' }, `Simulated payment: nothing is charged. ${TEST_CARD} is accepted, ${DECLINED_CARD} is declined.`),
      h(
        'form',
        {
          onsubmit: (e: Event) => {
            e.preventDefault();
            this.pay();
          },
        },
        h('label', { className: 'ob-field' }, h('span', {}, this.paymentType === 'card' ? 'Card number' : 'Phone or card number'), h('input', { name: 'card', inputmode: 'numeric', autocomplete: 'cc-number', 'data-key': 'card', value: this.card, oninput: (e: Event) => (this.card = (e.target as HTMLInputElement).value) })),
        h('button', { type: 'submit', className: 'ob-button', 'data-key': 'pay' }, `Pay ${this.money(this.cartTotal())}`),
      ),
    );
  }

  private doneView(orderCode: string, total: number) {
    return h(
      'section',
      {},
      this.title('Thank you: your order is confirmed'),
      h('p', {}, 'Order code ', h('strong', { className: 'ob-order-code' }, orderCode), ` · ${this.money(total)} paid (simulated).`),
      h('p', {}, `The tickets are sent to ${this.buyer.email}.`),
      h('button', { type: 'button', className: 'ob-button ob-secondary', 'data-key': 'again', onclick: () => this.go(this.options.sessionId ? { kind: 'session', sessionId: this.options.sessionId } : this.options.eventId ? { kind: 'sessions', eventId: this.options.eventId } : { kind: 'events' }) }, 'Buy more tickets'),
    );
  }
}

/** The widget's stylesheet, adopted by each shadow root (a constructed sheet: no style-src needed). */
let sheet: CSSStyleSheet | null = null;
export function adoptStyles(shadow: ShadowRoot) {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
  }
  shadow.adoptedStyleSheets = [sheet];
}
