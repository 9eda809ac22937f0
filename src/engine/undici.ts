/**
 * The part of undici berth uses: Agent, with the request API every dispatcher has. undici's index
 * loads all of it (fetch, WebSocket, caches, mocks: ~530 KB minified, ~25 ms of a start); this
 * entry takes what undici's own index puts together for Agent and request(), from the same
 * files, and nothing else. undici publishes no `exports` map, so these are its public paths.
 * The tests and the bundle both run through here (test/engine/undici-entry.test.ts).
 */
import type { Agent as AgentClass } from 'undici';
import dispatcherModule from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
import agentModule from 'undici/lib/dispatcher/agent.js';

// What undici's index does to give every dispatcher request(), stream(), pipeline()…
Object.assign(dispatcherModule.prototype, api);

export const Agent = agentModule as typeof AgentClass;
export type Agent = AgentClass;
