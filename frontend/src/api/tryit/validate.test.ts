import { describe, expect, it } from 'vitest';
import { deviations } from './validate';

const components = {
  schemas: {
    Money: {
      type: 'object',
      required: ['amount', 'currency'],
      properties: {
        amount: { type: 'integer', format: 'int64' },
        currency: { type: 'string', minLength: 3, maxLength: 3 },
      },
    },
  },
};
const cart = {
  type: 'object',
  required: ['id', 'total'],
  properties: {
    id: { type: 'integer' },
    total: { $ref: '#/components/schemas/Money' },
    status: { enum: ['OPEN', 'BOOKED'] },
  },
};

describe('deviations', () => {
  it('finds nothing in a body that matches, following $refs into components', () => {
    expect(deviations(cart, components, { id: 1, total: { amount: 4550, currency: 'EUR' } })).toEqual([]);
  });

  it('lists each deviation once, at its JSON pointer, with what was expected', () => {
    const found = deviations(cart, components, { id: 'x', total: { amount: 1 }, status: 'GONE' });
    expect(found.map((d) => d.pointer).sort()).toEqual(['/id', '/status', '/total']);
    expect(found.find((d) => d.pointer === '/id')!.message).toMatch(/integer/);
    expect(found.find((d) => d.pointer === '/total')!.message).toMatch(/currency/);
  });

  it('names a field the schema does not allow, where it is', () => {
    const closed = { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false };
    expect(deviations(closed, components, { id: 1, extra: true })).toEqual([
      { pointer: '/extra', message: 'Not allowed: the schema defines no such field.' },
    ]);
  });
});
