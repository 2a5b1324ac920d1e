/** The image every broken picture falls back to (one of ours, served from our origin). */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * One mechanism for every page: a tiny classic script at the top of <head> (inline, so it is
 * listening before the first <img> is parsed, and allowed by its hash in the page's CSP) catches
 * every image `error` event in the capture phase (error events do not bubble) and swaps in the
 * placeholder. That covers pre-rendered HTML and islands alike, and content edited in the back
 * office that points at a missing file. The box keeps the ratio it is drawn at (a class may crop it,
 * as a hero's 16:9 does), else that of the width and height attributes (every <img> here has them),
 * with object-fit, so the swap moves nothing (CLS 0).
 * Written as plain ES5 and kept tiny on purpose: it runs before anything else, on every page, and
 * must not fail anywhere. A processed image's <img> sits in a <picture> (site/components/content-image.tsx)
 * whose <source>s would win over any src: they are removed with its srcset.
 */
export const imageFallbackScript = `addEventListener('error',function(e){var i=e.target,w,h;if(i.tagName!='IMG'||i.hasAttribute('data-fallback'))return;i.setAttribute('data-fallback','');w=i.offsetWidth;h=i.offsetHeight;if(!w||!h){w=i.getAttribute('width');h=i.getAttribute('height')}if(w&&h){i.style.aspectRatio=w+'/'+h;i.style.objectFit='cover'}i.removeAttribute('srcset');if(i.parentNode.tagName=='PICTURE')while(i.previousElementSibling)i.parentNode.removeChild(i.previousElementSibling);i.src=${JSON.stringify(PLACEHOLDER_IMAGE)}},true)`;
