import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiReferencePageData, SchemaNode } from '../types';
import { act } from 'react';
import { ApiContext, apiTables, openSchemasStore, type OpenSchemas } from './context';
import { Fields, SchemaEntry, SchemaView } from './Schema';
import { navEntries } from './Nav';

afterEach(cleanup);

const schemas: Record<string, SchemaNode> = {
  Money: {
    type: 'object',
    required: ['amount'],
    properties: { amount: { type: 'integer', description: 'Minor units.' }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
  },
  Item: {
    type: 'object',
    required: ['price'],
    properties: { price: { ref: 'Money' }, status: { type: 'string', enum: ['"HELD"', '"SOLD"'], default: '"HELD"' } },
  },
  Cart: {
    type: 'object',
    properties: {
      items: { type: 'array', items: { ref: 'Item' }, constraints: ['at most 8 items'] },
      insurance: { ref: 'Money', nullable: true, readOnly: true },
      note: { type: 'string', deprecated: true, writeOnly: true },
    },
  },
  Category: {
    type: 'object',
    properties: { name: { type: 'string' }, parent: { ref: 'Category' }, children: { type: 'array', items: { ref: 'Category' } } },
  },
  Seat: {
    oneOf: [{ ref: 'Numbered' }, { ref: 'Standing' }],
    discriminator: { propertyName: 'type', mapping: { NUMBERED: 'Numbered', GENERAL_ADMISSION: 'Standing' } },
  },
  Numbered: { type: 'object', properties: { row: { type: 'string' } } },
  Standing: { type: 'object', properties: { zone: { type: 'integer' } } },
};

function withTables(ui: ReactNode, openSchemas: OpenSchemas = openSchemasStore()) {
  return render(
    <ApiContext.Provider value={apiTables({ schemas } as unknown as ApiReferencePageData, openSchemas)}>{ui}</ApiContext.Provider>,
  );
}

function row(name: string): HTMLElement {
  return screen.getAllByText(name, { selector: '.api-prop-name' })[0]!.closest('li')!;
}

describe('schema trees', () => {
  it('shows each property with its type, marks and facts', () => {
    withTables(<Fields node={{ ref: 'Item' }} ancestors={['Item']} />);
    const price = row('price');
    expect(within(price).getByText('required')).toBeTruthy();
    expect(within(price).getByRole('link', { name: 'Money' }).getAttribute('href')).toBe('#schema-Money');
    const status = row('status');
    expect(status.textContent).toContain('Allowed "HELD""SOLD"');
    expect(status.textContent).toContain('Default "HELD"');
  });

  it('expands nested fields on demand, through arrays and references', () => {
    withTables(<SchemaView node={{ ref: 'Cart' }} />);
    const items = row('items');
    expect(within(items).getByText('array of')).toBeTruthy();
    expect(items.textContent).toContain('at most 8 items');
    const toggle = within(items).getByRole('button', { name: 'items' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('price', { selector: '.api-prop-name' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(row('price')).getByRole('button', { name: 'price' }));
    expect(row('amount').textContent).toContain('Minor units.');
    expect(row('currency').textContent).toContain('Pattern ^[A-Z]{3}$');
  });

  it('marks nullable, read-only, write-only and deprecated properties', () => {
    withTables(<Fields node={{ ref: 'Cart' }} ancestors={['Cart']} />);
    expect(row('insurance').textContent).toContain('Money | null');
    expect(within(row('insurance')).getByText('read-only')).toBeTruthy();
    expect(within(row('note')).getByText('write-only')).toBeTruthy();
    expect(within(row('note')).getByText('deprecated')).toBeTruthy();
  });

  it('shows a circular marker instead of expanding a schema inside itself', () => {
    withTables(<Fields node={{ ref: 'Category' }} ancestors={['Category']} />);
    for (const name of ['parent', 'children']) {
      const marker = within(row(name)).getByText('circular');
      expect(marker.getAttribute('href')).toBe('#schema-Category');
      expect(within(row(name)).queryByRole('button')).toBeNull();
    }
  });

  it('offers the variants of a oneOf by their discriminator values', () => {
    withTables(<SchemaView node={{ ref: 'Seat' }} />);
    expect(screen.getByText('type', { selector: 'code' })).toBeTruthy();
    const numbered = screen.getByRole('button', { name: 'NUMBERED' });
    expect(numbered.getAttribute('aria-pressed')).toBe('true');
    expect(row('row')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'GENERAL_ADMISSION' }));
    expect(row('zone')).toBeTruthy();
    expect(screen.queryByText('row', { selector: '.api-prop-name' })).toBeNull();
  });

  it('opens a schema of the schemas section on a click, or when the store is told to (a deep link)', () => {
    const openSchemas = openSchemasStore();
    withTables(
      <>
        <SchemaEntry name="Money" node={schemas.Money!} />
        <SchemaEntry name="Cart" node={schemas.Cart!} />
      </>,
      openSchemas,
    );
    const money = screen.getByRole('button', { name: 'Money' });
    expect(money.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(money);
    expect(money.getAttribute('aria-expanded')).toBe('true');
    expect(openSchemas.isOpen('Money')).toBe(true);
    expect(row('amount')).toBeTruthy();
    const cart = screen.getByRole('button', { name: 'Cart' });
    expect(cart.getAttribute('aria-expanded')).toBe('false');
    act(() => openSchemas.setOpen('Cart', true));
    expect(cart.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('schema-Money')).not.toBeNull();
  });
});

describe('navigation', () => {
  it('lists the sections and every operation by tag', () => {
    const page = {
      securitySchemes: [{ name: 'oauth2', type: 'oauth2', label: 'OAuth 2.0' }],
      servers: [{ url: 'https://api.example.com', description: 'Production' }],
      groups: [{ id: 'tag-carts', name: 'Carts', operations: [{ id: 'operation-createCart', method: 'POST', path: '/carts', summary: 'Create a cart' }] }],
      webhooks: [{ id: 'operation-notify', method: 'POST', path: 'order.purchased', summary: 'Order purchased' }],
      schemas: { Cart: {} },
      errors: [{ code: 'NOT_FOUND', status: 404 }],
    } as unknown as ApiReferencePageData;
    const entries = navEntries(page);
    expect(entries.map((e) => e.id)).toEqual(['introduction', 'authentication', 'servers', 'tag-carts', 'webhooks', 'schemas', 'errors']);
    expect(entries[3]!.children).toEqual([{ id: 'operation-createCart', label: 'Create a cart', method: 'POST' }]);
  });
});
