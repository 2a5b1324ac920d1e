import { describe, expect, it } from 'vitest';
import { imageUrl, parseImageUrl, variantWidths, withFocus } from './images.ts';

describe("an image's address (schemas/images.ts)", () => {
  const ref = { id: '0123456789abcdef0123', width: 4032, height: 3024, color: '#8a7b6c' };

  it('carries the id, size and placeholder, and the focal point once set', () => {
    const url = imageUrl(ref);
    expect(url).toBe('/api/images/0123456789abcdef0123-4032x3024-8a7b6c.jpg');
    expect(parseImageUrl(url)).toEqual({ ...ref, focus: { x: 50, y: 50 } });
    const focused = withFocus(url, { x: 30, y: 70 });
    expect(focused).toBe(`${url}?focus=30,70`);
    expect(parseImageUrl(focused)!.focus).toEqual({ x: 30, y: 70 });
    expect(parseImageUrl(imageUrl({ ...ref, color: null }))!.color).toBeNull();
  });

  it('is not anything else: our SVGs, uploads from before the pipeline, links', () => {
    for (const src of [
      '/images/countries/canada.svg',
      '/api/files/images/3f2a1b4c-0000-4000-8000-000000000000.jpg',
      'https://example.com/api/images/0123456789abcdef0123-4032x3024-8a7b6c.jpg',
      '/api/images/0123456789abcdef0123-4032x3024-8a7b6c.jpg?focus=1,2,3',
    ])
      expect(parseImageUrl(src)).toBeUndefined();
  });

  it('makes the standard widths up to the image, and its own width when it is narrower than 1920', () => {
    expect(variantWidths(4032)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(96)).toEqual([96]);
  });
});
