/**
 * Imported first by boot.ts, whose bundle is built for old Nodes so that they get this far: on a
 * Node older than berth needs, one line on stderr and exit status 1, before anything else loads.
 */
import { tooOldNode } from './required-node.ts';

const refusal = tooOldNode(process.versions.node);
if (refusal !== undefined) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
