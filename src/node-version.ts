/**
 * Whether berth runs on Node 22 or later: the V8 flags berth sets differ from Node 20's V8 (11.3)
 * there (release-memory.ts, lean-compilers.ts).
 */
export function atLeastNode22(nodeVersion: string = process.versions.node): boolean {
  return Number(nodeVersion.split('.')[0]) >= 22;
}
