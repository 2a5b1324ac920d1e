/**
 * `wrangler dev` arguments every local server shares: bound to loopback, and the Worker sees the
 * loopback origin as its request URL even when wrangler.toml gains `routes` for a custom domain
 * (wrangler dev would otherwise rewrite every request to that domain, and the dev tools, which
 * answer only on a loopback host, would close).
 */
export const localDevArgs = (port: number, inspectorPort?: number) => [
  '--ip',
  '127.0.0.1',
  '--port',
  String(port),
  '--local-upstream',
  `127.0.0.1:${port}`,
  // Servers started side by side (the smoke runs beside the rehearsal) each name a free devtools
  // port: left to itself, every wrangler dev checks that 9229 is free and then binds it, and two
  // starting at once both find it free ("Address already in use (socket direct:1:default)").
  ...(inspectorPort === undefined ? [] : ['--inspector-port', String(inspectorPort)]),
];
