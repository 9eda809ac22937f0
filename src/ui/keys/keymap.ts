/**
 * Every key berth knows, in one table. The dispatcher resolves keys from it, and the footer
 * and the help overlay are generated from it, so they cannot drift apart.
 */
export type KeyContext = 'global' | 'list' | 'containers' | 'images' | 'pulls' | 'volumes' | 'networks' | 'services' | 'nodes' | 'logs' | 'inspect' | 'help' | 'engines' | 'stats' | 'events';

export type ActionId =
  | 'quit'
  | 'suspend'
  | 'help'
  | 'next-pane'
  | 'prev-pane'
  | 'pane-containers'
  | 'pane-images'
  | 'pane-pulls'
  | 'pane-events'
  | 'up'
  | 'down'
  | 'top'
  | 'bottom'
  | 'page-up'
  | 'page-down'
  | 'filter'
  | 'clear-filter'
  | 'logs'
  | 'toggle-all'
  | 'inspect'
  | 'run'
  | 'stop'
  | 'start'
  | 'restart'
  | 'commit'
  | 'remove'
  | 'copy'
  | 'shell'
  | 'sort'
  | 'pull'
  | 'close'
  | 'follow'
  | 'timestamps'
  | 'search'
  | 'next-match'
  | 'prev-match'
  | 'save-logs'
  | 'cancel-pull'
  | 'dismiss-pull'
  | 'engines'
  | 'switch-engine'
  | 'toggle-stats'
  | 'stats-view'
  | 'pause'
  | 'kill'
  | 'rename'
  | 'history'
  | 'tag'
  | 'copy-out'
  | 'pane-volumes'
  | 'pane-networks'
  | 'create'
  | 'prune'
  | 'pane-services'
  | 'pane-nodes'
  | 'open-tasks'
  | 'service-logs'
  | 'scale'
  | 'force-update'
  | 'rollback'
  | 'drain'
  | 'activate'
  | 'push'
  | 'toggle-compose'
  | 'fold';

export interface Binding {
  action: ActionId;
  /** Normalised key names (see key-name.ts): 'q', 'ctrl+c', 'shift+tab', 'up', 'pagedown', 'return', 'escape'. */
  keys: readonly string[];
  /** How help and the footer write the keys. */
  label: string;
  description: string;
  contexts: readonly KeyContext[];
  /** Shown in the footer (the rest is in help), with this short word. */
  footer?: string;
}

export const keymap: readonly Binding[] = [
  { action: 'quit', keys: ['q', 'ctrl+c'], label: 'q', description: 'quit', contexts: ['global'], footer: 'quit' },
  { action: 'suspend', keys: ['ctrl+z'], label: 'Ctrl-Z', description: 'suspend to the shell (fg brings berth back), from any screen', contexts: ['global'] },
  { action: 'help', keys: ['?'], label: '?', description: 'help for this screen', contexts: ['global'], footer: 'help' },
  { action: 'next-pane', keys: ['tab'], label: 'Tab', description: 'next pane', contexts: ['global'] },
  { action: 'prev-pane', keys: ['shift+tab'], label: 'Shift-Tab', description: 'previous pane', contexts: ['global'] },
  { action: 'pane-containers', keys: ['1'], label: '1', description: 'Containers pane', contexts: ['global'] },
  { action: 'pane-images', keys: ['2'], label: '2', description: 'Images pane', contexts: ['global'] },
  { action: 'pane-pulls', keys: ['3'], label: '3', description: 'Pulls pane', contexts: ['global'] },
  { action: 'pane-volumes', keys: ['4'], label: '4', description: 'Volumes pane', contexts: ['global'] },
  { action: 'pane-networks', keys: ['5'], label: '5', description: 'Networks pane', contexts: ['global'] },
  { action: 'pane-events', keys: ['6'], label: '6', description: 'Events pane: what the engine reported, newest first', contexts: ['global'] },
  { action: 'pane-services', keys: ['7'], label: '7', description: 'Services pane (a swarm manager’s services, replicas, tasks)', contexts: ['global'] },
  { action: 'pane-nodes', keys: ['8'], label: '8', description: 'Nodes pane (the swarm’s nodes)', contexts: ['global'] },
  { action: 'pull', keys: ['p'], label: 'p', description: 'pull an image', contexts: ['global'], footer: 'pull' },
  { action: 'engines', keys: ['E'], label: 'E', description: 'switch engines (docker contexts, DOCKER_HOST, local sockets)', contexts: ['global'] },

  { action: 'up', keys: ['up', 'k'], label: '↑/k', description: 'move up', contexts: ['list', 'logs', 'inspect', 'help', 'engines'] },
  { action: 'down', keys: ['down', 'j'], label: '↓/j', description: 'move down', contexts: ['list', 'logs', 'inspect', 'help', 'engines'] },
  { action: 'top', keys: ['g', 'home'], label: 'g', description: 'go to the top', contexts: ['list', 'logs', 'inspect', 'help', 'engines'] },
  { action: 'bottom', keys: ['G', 'end'], label: 'G', description: 'go to the bottom (logs: and follow)', contexts: ['list', 'logs', 'inspect', 'help', 'engines'] },
  { action: 'page-up', keys: ['pageup', 'ctrl+b', 'ctrl+u'], label: 'PgUp', description: 'page up', contexts: ['list', 'logs', 'inspect', 'help', 'engines'] },
  { action: 'page-down', keys: ['pagedown', 'ctrl+f', 'ctrl+d'], label: 'PgDn', description: 'page down', contexts: ['list', 'logs', 'inspect', 'help', 'engines'] },
  { action: 'filter', keys: ['/'], label: '/', description: 'filter this pane (id, name, image, tags; events: type, action, actor, details)', contexts: ['containers', 'images', 'volumes', 'networks', 'events', 'services', 'nodes'], footer: 'filter' },
  { action: 'clear-filter', keys: ['escape'], label: 'Esc', description: 'clear the filter', contexts: ['containers', 'images', 'volumes', 'networks', 'events', 'services', 'nodes'] },
  { action: 'open-tasks', keys: ['return'], label: 'Enter', description: 'a service: show or hide its tasks; a task: its container’s logs', contexts: ['services'], footer: 'tasks' },
  { action: 'service-logs', keys: ['l'], label: 'l', description: 'the service’s logs: every task’s lines, each named task@node (follow, search, save as container logs)', contexts: ['services'], footer: 'logs' },
  { action: 'scale', keys: ['s'], label: 's', description: 'scale the service (replicas)', contexts: ['services'], footer: 'scale' },
  { action: 'force-update', keys: ['R'], label: 'R', description: 'restart the service’s tasks, one after another (asks first)', contexts: ['services'] },
  { action: 'rollback', keys: ['u'], label: 'u', description: 'roll the service back to its previous spec (asks first)', contexts: ['services'] },
  { action: 'drain', keys: ['D'], label: 'D', description: 'drain the node: its tasks move elsewhere (asks first)', contexts: ['nodes'], footer: 'drain' },
  { action: 'activate', keys: ['A'], label: 'A', description: 'activate the node again (asks first)', contexts: ['nodes'], footer: 'activate' },

  { action: 'logs', keys: ['return', 'l'], label: 'Enter/l', description: 'container logs', contexts: ['containers'], footer: 'logs' },
  { action: 'toggle-all', keys: ['a'], label: 'a', description: 'running only ↔ all containers', contexts: ['containers'], footer: 'all' },
  { action: 'stats-view', keys: ['m'], label: 'm', description: 'resource graphs, figures and processes of the container', contexts: ['containers'], footer: 'stats' },
  { action: 'toggle-compose', keys: ['z'], label: 'z', description: 'group by Compose project on/off (s, S, R on a project row act on all its containers)', contexts: ['containers'] },
  { action: 'fold', keys: [' '], label: 'Space', description: 'fold or unfold the Compose project under the cursor', contexts: ['containers'] },
  { action: 'toggle-stats', keys: ['M'], label: 'M', description: 'resource columns on/off (CPU, memory, net and block I/O, PIDs of running containers)', contexts: ['containers'] },
  { action: 'inspect', keys: ['i'], label: 'i', description: 'inspect (pretty JSON)', contexts: ['containers', 'images', 'volumes', 'networks'], footer: 'inspect' },
  { action: 'prune', keys: ['X'], label: 'X', description: 'prune: shows what would go and what it frees, then removes it after Enter (Images: Space cycles dangling, unused, build cache)', contexts: ['containers', 'images', 'volumes', 'networks'] },
  { action: 'create', keys: ['c'], label: 'c', description: 'create a volume, or a bridge network', contexts: ['volumes', 'networks'], footer: 'create' },
  { action: 'history', keys: ['h'], label: 'h', description: 'the image’s history: each layer, what made it, its size and age', contexts: ['images'] },
  { action: 'tag', keys: ['t'], label: 't', description: 'tag the image with another name (docker tag)', contexts: ['images'] },
  { action: 'push', keys: ['P'], label: 'P', description: 'push the image to its registry, a bar per layer in the Pulls pane (credentials as for pulls)', contexts: ['images'] },
  { action: 'run', keys: ['r'], label: 'r', description: 'run a container', contexts: ['containers', 'images'], footer: 'run' },
  { action: 'stop', keys: ['s'], label: 's', description: 'stop the container', contexts: ['containers'], footer: 'stop' },
  { action: 'start', keys: ['S'], label: 'S', description: 'start the stopped container', contexts: ['containers'] },
  { action: 'pause', keys: ['P'], label: 'P', description: 'pause the running container, or resume the paused one', contexts: ['containers'] },
  { action: 'kill', keys: ['K'], label: 'K', description: 'kill the container with a signal (asks; SIGKILL unless you type another)', contexts: ['containers'] },
  { action: 'rename', keys: ['N'], label: 'N', description: 'rename the container', contexts: ['containers'] },
  { action: 'copy-out', keys: ['C'], label: 'C', description: 'copy a file or directory out of the container to a local directory (docker cp)', contexts: ['containers'] },
  { action: 'restart', keys: ['R'], label: 'R', description: 'restart the container (asks first)', contexts: ['containers'] },
  { action: 'commit', keys: ['c'], label: 'c', description: 'commit the container to an image', contexts: ['containers'], footer: 'commit' },
  { action: 'shell', keys: ['e'], label: 'e', description: 'a shell in the running container (exit returns here)', contexts: ['containers'], footer: 'shell' },
  { action: 'sort', keys: ['o'], label: 'o', description: 'sort by the next column (containers: created, name, image, state; images: created, size, tag)', contexts: ['containers', 'images'] },
  { action: 'copy', keys: ['y'], label: 'y', description: 'copy the id (an image row: its name) to the clipboard', contexts: ['containers', 'images'] },
  { action: 'remove', keys: ['d'], label: 'd', description: 'remove (asks first)', contexts: ['containers', 'images', 'volumes', 'networks', 'services'], footer: 'remove' },
  { action: 'cancel-pull', keys: ['x', 'escape'], label: 'x', description: 'cancel the selected pull', contexts: ['pulls'], footer: 'cancel' },
  { action: 'dismiss-pull', keys: ['d'], label: 'd', description: 'dismiss a finished pull', contexts: ['pulls'], footer: 'dismiss' },

  { action: 'follow', keys: ['f'], label: 'f', description: 'follow on/off', contexts: ['logs'], footer: 'follow' },
  { action: 'timestamps', keys: ['t'], label: 't', description: 'timestamps on/off', contexts: ['logs'], footer: 'time' },
  { action: 'search', keys: ['/'], label: '/', description: 'search', contexts: ['logs'], footer: 'search' },
  { action: 'next-match', keys: ['n'], label: 'n', description: 'next match', contexts: ['logs'], footer: 'next' },
  { action: 'prev-match', keys: ['N'], label: 'N', description: 'previous match', contexts: ['logs'] },
  { action: 'save-logs', keys: ['w'], label: 'w', description: 'write the lines held here to a file in the current directory', contexts: ['logs'], footer: 'save' },
  { action: 'close', keys: ['escape'], label: 'Esc', description: 'close this view', contexts: ['logs', 'inspect', 'help', 'engines', 'stats'], footer: 'back' },
  { action: 'switch-engine', keys: ['return'], label: 'Enter', description: 'switch to the selected engine', contexts: ['engines'], footer: 'switch' },
];

/**
 * The context stacks berth looks keys up in, most specific first (ui/keys/contexts.ts). A key
 * may do one thing per stack; a custom keymap is checked against these.
 */
export const KEY_STACKS: ReadonlyArray<readonly KeyContext[]> = [
  ['containers', 'list', 'global'],
  ['images', 'list', 'global'],
  ['pulls', 'list', 'global'],
  ['volumes', 'list', 'global'],
  ['networks', 'list', 'global'],
  ['services', 'list', 'global'],
  ['nodes', 'list', 'global'],
  ['logs', 'global'],
  ['inspect', 'global'],
  ['help', 'global'],
];

/** The first two actions a key does within one stack, or undefined when every key does one thing. */
export function findClash(bindings: readonly Binding[]): { key: string; actions: [ActionId, ActionId]; where: KeyContext } | undefined {
  for (const stack of KEY_STACKS) {
    const seen = new Map<string, ActionId>();
    for (const binding of bindings) {
      if (!binding.contexts.some((c) => stack.includes(c))) continue;
      for (const key of binding.keys) {
        const other = seen.get(key);
        if (other !== undefined && other !== binding.action) return { key, actions: [other, binding.action], where: stack[0] ?? 'global' };
        seen.set(key, binding.action);
      }
    }
  }
  return undefined;
}

/**
 * A keymap in force: resolves keys by context and says how an action's keys are written. The
 * reducers get the one installed through their context; components use the functions below.
 */
export class Keymap {
  private readonly index = new Map<string, ActionId>();

  constructor(readonly bindings: readonly Binding[]) {
    for (const binding of bindings) {
      for (const context of binding.contexts) {
        for (const key of binding.keys) this.index.set(`${context} ${key}`, binding.action);
      }
    }
  }

  resolve(context: KeyContext, key: string): ActionId | undefined {
    return this.index.get(`${context} ${key}`);
  }

  /** How the keymap writes an action's key(s), for hints in the UI ("a shows all"). */
  label(action: ActionId): string {
    return this.bindings.find((b) => b.action === action)?.label ?? '';
  }

  /** The bindings that apply in a stack of contexts, most specific first, each action once. */
  bindingsFor(contexts: readonly KeyContext[]): Binding[] {
    const seen = new Set<ActionId>();
    const result: Binding[] = [];
    for (const context of contexts) {
      for (const binding of this.bindings) {
        if (binding.contexts.includes(context) && !seen.has(binding.action)) {
          seen.add(binding.action);
          result.push(binding);
        }
      }
    }
    return result;
  }
}

let active = new Keymap(keymap);

/** Replaces the keymap in force (the user's, from their config file); returns the way back, for tests. */
export function installKeymap(bindings: readonly Binding[]): () => void {
  const previous = active;
  active = new Keymap(bindings);
  return () => {
    active = previous;
  };
}

/** The keymap in force. */
export function currentKeymap(): Keymap {
  return active;
}

/** How the keymap in force writes an action's key(s), for hints in the UI ("a shows all"). */
export function keyLabel(action: ActionId): string {
  return active.label(action);
}

export function resolveAction(context: KeyContext, key: string): ActionId | undefined {
  return active.resolve(context, key);
}

/** The bindings that apply in a stack of contexts, most specific first, each action once. */
export function bindingsFor(contexts: readonly KeyContext[]): Binding[] {
  return active.bindingsFor(contexts);
}
