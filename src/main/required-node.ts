/**
 * The Node berth needs (package.json's `engines` says the same; test/tuning/required-node.test.ts
 * holds them together). node-check.ts refuses an older one before anything else of berth loads.
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
