/**
 * `node:assert` as berth's bundle gives it to undici and signal-exit (test/tools/bundle-plugins.ts):
 * loaded the first time a check fails, not as they load. Both require it at their top for
 * invariant checks that hold in every run of berth: undici calls `assert(value)`, signal-exit
 * (Ink's exit hook) `assert.equal(typeof callback, 'function', …)` at start. Node's assert brings
 * its diff and error machinery with it: ~1 ms of every start and ~0.5 MB resident (bench B1, B5s).
 *
 * A check that passes returns here; any other call goes to Node's own, which throws its own
 * AssertionError (or, for a value it finds equal after all, returns); only a failed check without
 * a message reads differently, as Node quotes the call it sees there (the bundle's was minified
 * code before). test/engine/on-demand.test.ts
 * holds undici and signal-exit to using nothing else of the module.
 *
 * CommonJS (`export =`): undici calls the module itself, which an ES module's namespace cannot be.
 */
type NodeAssert = typeof import('node:assert');

const nodeAssert = (): NodeAssert => process.getBuiltinModule('node:assert');

function ok(...args: Parameters<NodeAssert['ok']>): void {
  if (args.length > 0 && args[0]) return;
  // Typed by name: TypeScript checks an assertion function's call only through one.
  const node: NodeAssert = nodeAssert();
  node.ok(...args);
}

function equal(...args: Parameters<NodeAssert['equal']>): void {
  // Identical values are equal to `==` too; anything else is Node's to judge (NaN, 1 == '1', …).
  if (args.length >= 2 && args[0] === args[1]) return;
  const node: NodeAssert = nodeAssert();
  node.equal(...args);
}

export = Object.assign(ok, { ok, equal });
