// Loads the core's rules (Web/app/rules.wasm, the Swift code built for the browser) before a
// test file's own code runs: import it first. Run Tools/wasm/build.sh after changing the rules.
import { readFileSync } from 'node:fs';

import { loadRules } from '../../Web/app/rules.js';

await loadRules(readFileSync(new URL('../../Web/app/rules.wasm', import.meta.url)));
