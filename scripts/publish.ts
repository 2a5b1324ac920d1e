// npm run publish: rebuilds the static site from the local D1 and records the build, so the
// back office shows when the site was last built.
import { rebuildSite } from './lib/publish.ts';

await rebuildSite();
console.log('Site rebuilt and the build recorded.');
