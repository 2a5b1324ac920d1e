// How wide each kind of content image is drawn (the `sizes` of site/components/content-image.tsx),
// from the layout rules in site/styles (global.css; .gallery in country-subject.css, the team in
// home.css): the browser picks the smallest variant that fills the box at the screen's density.
// Wrong by a little costs a size step; wrong by much costs bytes.

/** A page header's image: half the 1200 px container beside the text from 900 px, full width below. */
export const HERO_SIZES = '(min-width: 900px) min(44vw, 530px), calc(100vw - 2rem)';
/** A card in .grid--3 (17rem minimum columns): one column below ~600 px, at most ~360 px beside others. */
export const CARD_SIZES = '(min-width: 600px) 360px, calc(100vw - 2rem)';
/** A campus or country scene in .gallery (15rem minimum columns). */
export const GALLERY_SIZES = '(min-width: 600px) 320px, calc(100vw - 2rem)';
/** A team portrait: 1 card under 640 px, 2 under 1024 px, else 4 (spec 1 section 2.4). */
export const TEAM_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 45vw, calc(100vw - 2rem)';
/** The image in a dialog or a section's side column (at most 480 px wide). */
export const PANEL_SIZES = '(min-width: 560px) 480px, calc(100vw - 3rem)';
