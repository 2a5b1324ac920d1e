/**
 * A form an island renders is on the page before the island's code runs: the server drew it, and
 * React takes it over when it hydrates. A press of Enter or a click on its button in between would
 * submit it the browser's way: a GET of the same page, with every named field in the address (a
 * password among them, kept in history and logs), and the page reloaded empty. This classic script
 * at the top of <head> stops that one case, in the capture phase before anything else sees it: a
 * form with no action of its own inside an island that has not hydrated yet (Astro removes the
 * island's `ssr` attribute once it has). A form with an action (a search that works without
 * JavaScript) goes as written. The press does nothing; once the island runs, the next one sends.
 * Plain ES5 and tiny, like the image fallback beside it in BaseLayout's one head script.
 */
export const earlySubmitScript = `addEventListener('submit',function(e){var f=e.target;if(f.closest&&!f.hasAttribute('action')&&f.closest('astro-island[ssr]'))e.preventDefault()},true)`;
