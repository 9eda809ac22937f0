// undici's files that src/engine/undici.ts takes Agent and the request API from; undici types
// only its index, so these say just what berth relies on (checked against the index's types there).
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: { prototype: object };
  export default Dispatcher;
}
declare module 'undici/lib/api/index.js' {
  const api: Record<string, unknown>;
  export default api;
}
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: unknown;
  export default Agent;
}
