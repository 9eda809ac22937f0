/**
 * The Node berth needs, checked before anything else of berth loads (boot.ts imports this first,
 * and its bundle is built for old Nodes, so that they get this far): one line and exit status 1.
 * The single executable carries its own Node: the way to run berth without upgrading Node.
 */
export const REQUIRED_NODE = [22, 19] as const;

/** The line for a Node older than berth needs, or undefined when it will do. */
export function tooOldNode(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = REQUIRED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `berth: needs Node.js ${needMajor}.${needMinor} or later, and this is Node.js ${version.replace(/^v/, '')}. Upgrade Node, or run berth's single executable, which carries its own Node (README: Install).`;
}

const refusal = tooOldNode(process.versions.node);
if (refusal !== undefined) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
