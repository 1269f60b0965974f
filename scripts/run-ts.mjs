// Runs a TypeScript entry point with tsx (used by backup/restore and bench scripts).
import { nodeBin, run } from './lib.mjs';

const [file, ...args] = process.argv.slice(2);
process.exit(await run(nodeBin, ['--import', 'tsx', file, ...args]));
