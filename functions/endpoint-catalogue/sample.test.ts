// The sample walker on the shapes the routes' schemas use: each sample must pass its schema, and
// optional fields are filled for a body and left out for a query.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { sampleOf } from './sample.ts';

const passes = (schema: z.ZodType, options = { optionals: true }) => {
  const value = sampleOf(schema, options);
  expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
  return value;
};

describe('sampleOf', () => {
  it('fills strings by what their name says, within their bounds and formats', () => {
    const value = passes(
      z.object({
        email: z.string().trim().toLowerCase().pipe(z.email()),
        contactPhone: z.string().regex(/^[\d +()-]{7,20}$/),
        code: z.string().length(6),
        title: z.string().trim().min(30).max(40),
        id: z.uuid(),
        website: z.url(),
        deadline: z.iso.date().refine((d) => d > new Date().toISOString().slice(0, 10)),
      }),
    );
    expect(value).toMatchObject({ email: 'ada@example.com', contactPhone: '020 7946 0123' });
  });

  it('meets numbers’ and lists’ bounds, enums, literals and unions', () => {
    passes(
      z.object({
        count: z.number().int().min(5).max(9),
        price: z.number().positive(),
        page: z.coerce.number().int().min(1),
        sizes: z.array(z.enum(['small', 'large'])).min(2),
        kind: z.literal('employee'),
        either: z.union([z.number().max(-5), z.string().min(2)]),
        tags: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.string())),
        flags: z.record(z.string(), z.boolean()),
      }),
    );
  });

  it('picks the variant of a discriminated union it can fill', () => {
    passes(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), n: z.number().max(-1).min(-1) }),
        z.object({ type: z.literal('b'), text: z.string() }),
      ]),
    );
  });

  it('fills optional fields for a body and leaves them out of a query', () => {
    const schema = z.object({
      q: z.string().min(2),
      page: z.coerce.number().default(1),
      sort: z.string().optional(),
    });
    expect(Object.keys(passes(schema) as object).sort()).toEqual(['page', 'q', 'sort']);
    expect(Object.keys(passes(schema, { optionals: false }) as object)).toEqual(['q']);
  });

  it('gives no value where no guess can pass, for an override to supply', () => {
    expect(sampleOf(z.string().regex(/^sk_live_[a-z]{24}$/))).toBeUndefined();
    expect(sampleOf(z.custom<File>((v) => v instanceof File))).toBeUndefined();
  });
});
