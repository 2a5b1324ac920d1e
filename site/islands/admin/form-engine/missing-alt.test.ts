import { describe, expect, it } from 'vitest';
import { missingAlt } from './missing-alt.ts';

// An image a save adds or changes must be described; an older item's unchanged images
// keep their default alt text, so a typo fix is never stopped by them.
describe('missingAlt', () => {
  const saved = {
    image: '/api/images/a.jpg',
    imageAlt: null,
    universityimage: ['/c1.jpg'],
    universityimageAlt: [],
  };

  it('lets an unchanged image without alt text through', () => {
    expect(missingAlt({ ...saved, description: ['Fixed a typo.'] }, saved)).toBeUndefined();
  });

  it('stops on a new or changed image without alt text', () => {
    expect(missingAlt({ ...saved, image: '/api/images/b.jpg' }, saved)).toBe('imageAlt');
    expect(missingAlt({ image: '/api/images/b.jpg', imageAlt: ' ' }, undefined)).toBe('imageAlt');
  });

  it('stops on a gallery image added without its alt text, not on the ones it had', () => {
    expect(missingAlt({ ...saved, universityimage: ['/c1.jpg', '/c2.jpg'] }, saved)).toBe(
      'universityimageAlt',
    );
    expect(
      missingAlt(
        { ...saved, universityimage: ['/c1.jpg', '/c2.jpg'], universityimageAlt: ['', 'Library'] },
        saved,
      ),
    ).toBeUndefined();
  });

  it('accepts a described image', () => {
    expect(missingAlt({ image: '/api/images/b.jpg', imageAlt: 'Students on a lawn' }, saved)).toBeUndefined();
  });
});
