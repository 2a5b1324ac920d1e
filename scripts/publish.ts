// npm run publish: rebuilds the static site from the local D1 (into a separate folder, swapped in
// when done) and records the build, so the back office shows what is published.
import { rebuildSite } from './lib/publish.ts';

await rebuildSite();
console.log('Site rebuilt and the build recorded.');
