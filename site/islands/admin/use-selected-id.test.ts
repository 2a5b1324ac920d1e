import { describe, expect, it } from 'vitest';
import { addressOf, selectedIdFrom } from './use-selected-id.ts';

describe('the open row of a back-office list, kept in the address', () => {
  it('reads the id from the query string', () => {
    expect(selectedIdFrom('?id=abc')).toBe('abc');
    expect(selectedIdFrom('?page=2&id=contact%2F12')).toBe('contact/12');
  });
  it('is null without an id (or with an empty one)', () => {
    expect(selectedIdFrom('')).toBeNull();
    expect(selectedIdFrom('?id=')).toBeNull();
  });
  it('writes the id escaped, and the bare path once closed', () => {
    expect(addressOf('/admin/inbox', 'contact/12')).toBe('/admin/inbox?id=contact%2F12');
    expect(addressOf('/admin/inbox', null)).toBe('/admin/inbox');
  });
  it("keeps the list's filters, opening and closing", () => {
    expect(addressOf('/admin/inbox', 'contact/12', '?status=unread')).toBe(
      '/admin/inbox?status=unread&id=contact%2F12',
    );
    expect(addressOf('/admin/inbox', null, '?status=unread&id=contact%2F12')).toBe(
      '/admin/inbox?status=unread',
    );
  });
  it('reads back what it wrote', () => {
    const id = 'assistance/7 & more';
    expect(selectedIdFrom(new URL(addressOf('/admin/inbox', id), 'http://localhost').search)).toBe(id);
  });
});
