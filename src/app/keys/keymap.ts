/**
 * Every key berth knows, in one table: the panes', the views', the dialogs', the prompts' and a
 * text field's editing keys. The reducer resolves keys from it; the footer, help, the tab numbers
 * and every hint are generated from it, so they cannot drift apart; the user's own keys
 * (custom-keys.ts) replace entries here and reach every screen. Printable characters typed into
 * a text field (a dialog's or a prompt's) are text, not keys: no binding there may be one.
 *
 * Contexts (keys/contexts.ts puts each screen's together, most specific first): 'anywhere' on
 * every screen, a dialog's field included (Ctrl-C, Ctrl-Z); 'global' on the panes and the views
 * over them; 'panes' and 'list' on every pane ('filtered' while its filter is set), and each
 * pane answers in a context named after its id (app/panes: its module names its own keys here);
 * the views have theirs; a prompt is 'prompt' and 'line' (the edits a one-line prompt takes); a
 * dialog is made of 'dialog', 'form' when it has several rows, 'field' for a focused text field,
 * 'toggle' for a focused switch, 'confirm' for a yes/no question, 'output' for a foreground run's
 * output, 'suggestions' and 'command-line' where it has those.
 */
import { labelFor, prettyKey } from './key-label.ts';

/** A screen's key contexts, most specific first; a pane's own is its id. */
export type KeyContext = string;

export type ActionId =
  // Everywhere.
  | 'quit'
  | 'stay'
  | 'interrupt'
  | 'suspend'
  | 'help'
  | 'next-pane'
  | 'prev-pane'
  | `pane-${string}`
  | 'pull'
  | 'engines'
  // Moving in a list (and in the views that scroll).
  | 'up'
  | 'down'
  | 'top'
  | 'bottom'
  | 'page-up'
  | 'page-down'
  // On a pane's rows.
  | 'filter'
  | 'clear-filter'
  | 'mark'
  | 'mark-range'
  | 'mark-all'
  | 'clear-marks'
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
  | 'cancel-pull'
  | 'dismiss-pull'
  | 'build'
  | 'build-again'
  | 'build-steps'
  | 'toggle-stats'
  | 'stats-view'
  | 'pause'
  | 'kill'
  | 'rename'
  | 'history'
  | 'layers'
  | 'tag'
  | 'copy-out'
  | 'create'
  | 'prune'
  | 'open-tasks'
  | 'service-logs'
  | 'scale'
  | 'force-update'
  | 'rollback'
  | 'drain'
  | 'activate'
  | 'push'
  | 'update-image'
  | 'save-tar'
  | 'load-tar'
  | 'export-volume'
  | 'restore-volume'
  | 'toggle-compose'
  | 'compose'
  | 'fold'
  | 'trouble-only'
  | 'incident-card'
  | 'acknowledge'
  | 'acknowledge-all'
  | 'mute'
  | 'palette'
  | 'disk-usage'
  // The workspace: the split panel and the columns.
  | 'panel-place'
  | 'panel-shows'
  | 'panel-grow'
  | 'panel-shrink'
  | 'sort-reverse'
  | 'choose-columns'
  | 'column-toggle'
  | 'column-earlier'
  | 'column-later'
  // The views.
  | 'close'
  | 'follow'
  | 'timestamps'
  | 'streams'
  | 'search'
  | 'next-match'
  | 'prev-match'
  | 'save-logs'
  | 'wrap'
  | 'scroll-left'
  | 'scroll-right'
  | 'filter-lines'
  | 'context-lines'
  | 'toggle-regex'
  | 'toggle-case'
  | 'time-window'
  | 'time-typed'
  | 'select-lines'
  | 'copy-lines'
  | 'pretty-json'
  | 'pager'
  | 'pager-all'
  | 'switch-engine'
  // The disk view.
  | 'disk-open'
  // The file browser.
  | 'open-entry'
  | 'parent-dir'
  | 'copy-in'
  | 'files'
  | 'diff'
  | 'fleet-choose'
  // Describe, the health panel, relations.
  | 'describe'
  | 'health'
  | 'relations'
  | 'run-check'
  | 'show-secrets'
  | 'go-to'
  // Ports and forwards.
  | 'ports'
  | 'forwards'
  | 'open-port'
  | 'forward-port'
  | 'tunnel-port'
  | 'forward-any-port'
  | 'cancel-forward'
  // The filter and search prompts.
  | 'prompt-keep'
  | 'prompt-clear'
  // Dialogs.
  | 'submit'
  | 'cancel'
  | 'next-field'
  | 'prev-field'
  | 'toggle'
  | 'yes'
  | 'no'
  | 'copy-line'
  | 'suggest'
  // Editing a text field (a dialog's, a prompt's).
  | 'cursor-left'
  | 'cursor-right'
  | 'line-start'
  | 'line-end'
  | 'delete-back'
  | 'delete-forward'
  | 'delete-to-start'
  | 'delete-to-end'
  | 'delete-word'
  // Reserved for the issues that come next: in the table (and the clash check), not yet bound
  // to anything (`planned`), so a key given to something else now cannot collide with them.
  | 'pulse'
  | 'exec'
  | 'attach'
  | 'recreate'
  // The user's own actions from config.json (app/custom/config.ts), by name.
  | `custom:${string}`;

export interface Binding {
  action: ActionId;
  /** Normalised key names (see input/key-name.ts): 'q', 'ctrl+c', 'shift+tab', 'up', 'pagedown', 'return', 'escape'. */
  keys: readonly string[];
  /** How help and the footer write the keys, when not simply the first two of them. */
  label?: string;
  description: string;
  contexts: readonly KeyContext[];
  /** Shown in the footer (the rest is in help), with this short word. */
  footer?: string;
  /** Reserved for a later issue (named here): in the clash check, never resolved, not in help. */
  planned?: string;
}

const LISTS = ['list', 'logs', 'inspect', 'help', 'engines', 'output', 'incident', 'files', 'describe', 'health', 'relations', 'ports', 'forwards', 'disk', 'column-chooser'];
/** The panes that filter with `/` (every pane but Pulls). */
const FILTERED = ['containers', 'images', 'volumes', 'networks', 'events', 'services', 'nodes', 'incidents', 'actions'];
/** The panes whose rows take marks (app/marks.ts): 'marked' while one has some. */
const MARKED = ['containers', 'images', 'volumes', 'networks'];

export const keymap: readonly Binding[] = [
  { action: 'interrupt', keys: ['ctrl+c'], description: 'quit, from any screen (a dialog’s field too; asks first as q does)', contexts: ['anywhere'] },
  { action: 'suspend', keys: ['ctrl+z'], description: 'suspend to the shell (fg brings berth back), from any screen', contexts: ['anywhere'] },
  // In a dialog too, where q is not text: on a switch, a yes/no question, a run's output.
  { action: 'quit', keys: ['q'], description: 'quit (asks first while a pull, push or build runs or a dialog holds typed text)', contexts: ['global', 'toggle', 'confirm', 'output'], footer: 'quit' },
  { action: 'stay', keys: ['escape'], description: 'stay: the answer to quitting’s question', contexts: ['quitting'] },
  { action: 'help', keys: ['?'], description: 'help for this screen (help: close it)', contexts: ['global'], footer: 'help' },
  { action: 'pull', keys: ['p'], description: 'pull an image (marked images: pull each again, queued in the Pulls pane)', contexts: ['global'], footer: 'pull' },
  { action: 'engines', keys: ['E'], description: 'switch engines (docker contexts, DOCKER_HOST, local sockets; the switcher: close it)', contexts: ['global'], footer: 'engines' },
  { action: 'forwards', keys: ['B'], description: 'the port forwards berth runs: each one’s address here, target, way, open connections and bytes; x ends one (the forwards view: close it)', contexts: ['global'], footer: 'forwards' },
  { action: 'palette', keys: [':'], description: 'the command palette: every action of this screen, every pane and engine, by name (fuzzy: prn finds prune); Enter runs it', contexts: ['global'], footer: 'commands' },
  { action: 'disk-usage', keys: ['W'], description: 'where the disk went: images, containers, volumes and build cache, each with its size and what prune would reclaim (docker system df -v); Enter lists a kind’s items, biggest first (the disk view: close it)', contexts: ['global'], footer: 'disk' },
  { action: 'panel-place', keys: ['|'], description: 'the split panel: off, beside the list, under it (it follows the selected container; kept in config.json)', contexts: ['global'], footer: 'panel' },
  { action: 'panel-shows', keys: ['\\'], description: 'what the split panel shows: the selected container’s logs (followed; marked rows or a Compose project: merged), its live figures, its inspect', contexts: ['global'] },
  { action: 'panel-grow', keys: ['+'], description: 'the split panel larger', contexts: ['global'] },
  { action: 'panel-shrink', keys: ['-'], description: 'the split panel smaller', contexts: ['global'] },
  { action: 'next-pane', keys: ['tab'], description: 'next pane', contexts: ['panes'], footer: 'next pane' },
  { action: 'prev-pane', keys: ['shift+tab'], description: 'previous pane', contexts: ['panes'] },
  { action: 'pane-containers', keys: ['1'], description: 'Containers pane', contexts: ['panes'] },
  { action: 'pane-images', keys: ['2'], description: 'Images pane', contexts: ['panes'] },
  { action: 'pane-pulls', keys: ['3'], description: 'Transfers pane: pulls, pushes, saves, loads, exports and restores', contexts: ['panes'] },
  { action: 'pane-volumes', keys: ['4'], description: 'Volumes pane', contexts: ['panes'] },
  { action: 'pane-networks', keys: ['5'], description: 'Networks pane', contexts: ['panes'] },
  { action: 'pane-events', keys: ['6'], description: 'Events pane: what the engine reported, newest first', contexts: ['panes'] },
  { action: 'pane-services', keys: ['7'], description: 'Services pane (a swarm manager’s services, replicas, tasks)', contexts: ['panes'] },
  { action: 'pane-nodes', keys: ['8'], description: 'Nodes pane (the swarm’s nodes)', contexts: ['panes'] },
  { action: 'pane-incidents', keys: ['9', '!'], label: '9/!', description: 'Incidents pane: crashes, OOM kills, unhealthy containers and restart loops, newest first', contexts: ['panes'] },
  { action: 'pane-actions', keys: ['0'], description: 'Actions pane: every change berth asked an engine for this session, with its docker command (y copies it)', contexts: ['panes'] },

  // The wheel (config.json `mouse: true`) moves as the arrows do; help lists it after them.
  { action: 'up', keys: ['up', 'k', 'wheelup'], description: 'move up', contexts: LISTS },
  { action: 'down', keys: ['down', 'j', 'wheeldown'], description: 'move down', contexts: LISTS },
  { action: 'top', keys: ['g', 'home'], label: 'g', description: 'go to the top', contexts: LISTS },
  { action: 'bottom', keys: ['G', 'end'], label: 'G', description: 'go to the bottom (logs: and follow)', contexts: LISTS, footer: 'bottom' },
  { action: 'page-up', keys: ['pageup', 'ctrl+b', 'ctrl+u'], label: 'PgUp', description: 'page up', contexts: LISTS },
  { action: 'page-down', keys: ['pagedown', 'ctrl+f', 'ctrl+d'], label: 'PgDn', description: 'page down', contexts: LISTS },
  { action: 'filter', keys: ['/'], description: 'filter this pane (id, name, image, tags; events: type, action, actor, details)', contexts: FILTERED, footer: 'filter' },
  { action: 'clear-filter', keys: ['escape'], description: 'clear the filter (the marks stay: Esc again clears them)', contexts: ['filtered'], footer: 'clear filter' },
  { action: 'open-tasks', keys: ['return'], description: 'a service: show or hide its tasks; a task: its container’s logs', contexts: ['services'], footer: 'tasks' },
  { action: 'service-logs', keys: ['l'], description: 'the service’s logs: every task’s lines, each named task@node (follow, search, save as container logs)', contexts: ['services'], footer: 'logs' },
  { action: 'scale', keys: ['s'], description: 'scale the service (replicas)', contexts: ['services'], footer: 'scale' },
  { action: 'force-update', keys: ['R'], description: 'restart the service’s tasks, one after another (asks first)', contexts: ['services'], footer: 'restart' },
  { action: 'rollback', keys: ['u'], description: 'roll the service back to its previous spec (asks first)', contexts: ['services'], footer: 'rollback' },
  { action: 'drain', keys: ['D'], description: 'drain the node: its tasks move elsewhere (asks first)', contexts: ['nodes'], footer: 'drain' },
  { action: 'activate', keys: ['A'], description: 'activate the node again (asks first)', contexts: ['nodes'], footer: 'activate' },

  { action: 'logs', keys: ['return', 'l'], description: 'container logs (a Compose project: all its containers’ in one view; with marks: the marked containers’, merged)', contexts: ['containers', 'incident'], footer: 'logs' },
  { action: 'incident-card', keys: ['return'], description: 'the incident’s post-mortem card: exit code and signal, OOMKilled, restarts, health checks, the run’s last log lines', contexts: ['incidents'], footer: 'card' },
  { action: 'acknowledge', keys: ['a'], description: 'acknowledge the incident (the status bar’s ⚠ count drops)', contexts: ['incidents', 'incident'], footer: 'ack' },
  { action: 'acknowledge-all', keys: ['A'], description: 'acknowledge every incident', contexts: ['incidents'] },
  { action: 'mute', keys: ['m'], description: 'mute the container’s incidents for this session (listed, never counted or announced); again: unmute (config.json "mute" lasts)', contexts: ['incidents'] },
  { action: 'toggle-all', keys: ['a'], description: 'running only ↔ all containers', contexts: ['containers'], footer: 'all' },
  { action: 'stats-view', keys: ['m'], description: 'resource graphs, figures and processes of the container', contexts: ['containers'], footer: 'stats' },
  { action: 'toggle-compose', keys: ['z'], description: 'group by Compose project on/off (s, S, R on a project row act on all its containers; Z runs your compose CLI on it)', contexts: ['containers'], footer: 'compose' },
  { action: 'compose', keys: ['Z'], description: 'Compose through your compose CLI, on a project’s row (z groups them) or one service’s container: up, down, pull, build, restart, recreate, with profiles; its output and exit status shown', contexts: ['containers'], footer: 'compose…' },
  { action: 'fold', keys: [' '], label: 'Space', description: 'mark the container’s row, or unmark it: s, S, R, P, K and d then act on every marked row (one confirmation); on a Compose project’s row (z groups them): fold or unfold it instead', contexts: ['containers'], footer: 'mark' },
  { action: 'trouble-only', keys: ['T'], description: 'only the containers that need a look on/off: unhealthy ⚠, restarting ↻, OOM-killed ✕ (their rows stand out always), or with an incident not acknowledged', contexts: ['containers'], footer: 'trouble' },
  { action: 'toggle-stats', keys: ['M'], description: 'resource columns on/off (CPU, memory, net and block I/O, PIDs of running containers)', contexts: ['containers'], footer: 'columns' },
  { action: 'inspect', keys: ['i'], description: 'inspect (pretty JSON)', contexts: ['containers', 'images', 'volumes', 'networks', 'incidents', 'incident'], footer: 'inspect' },
  { action: 'prune', keys: ['X'], description: 'prune: shows what would go and what it frees, then removes it after Enter (Images: Space cycles dangling, unused, build cache)', contexts: ['containers', 'images', 'volumes', 'networks', 'disk'], footer: 'prune' },
  { action: 'create', keys: ['c'], description: 'create a volume, or a bridge network', contexts: ['volumes', 'networks'], footer: 'create' },
  { action: 'history', keys: ['h'], description: 'the image’s history: each layer, what made it, its size and age', contexts: ['images'], footer: 'history' },
  { action: 'layers', keys: ['L'], description: 'the layer explorer: what each layer adds, changes and deletes, with sizes; the biggest files; what later layers waste; dive’s wasted bytes and efficiency (reads the image’s archive; over ssh or tcp, asks first when it is big)', contexts: ['images'], footer: 'layers' },
  { action: 'tag', keys: ['t'], description: 'tag the image with another name (docker tag)', contexts: ['images'], footer: 'tag' },
  { action: 'update-image', keys: ['u'], description: 'update the image: pull its tag anew (bars in the Pulls pane), then offer to recreate the containers that ran the old one (replaced, rolled back if one fails); ⇡ marks a tag whose registry holds a newer image, and the containers running it', contexts: ['images'], footer: 'update' },
  { action: 'push', keys: ['P'], description: 'push the image to its registry, a bar per layer in the Pulls pane (credentials as for pulls; marked images: push each)', contexts: ['images'], footer: 'push' },
  { action: 'save-tar', keys: ['w'], description: 'write to a new local tar, a bar in the Transfers pane: the image (marked images: all in one tar), as docker save -o; the container’s filesystem, as docker export -o', contexts: ['containers', 'images'], footer: 'save' },
  { action: 'load-tar', keys: ['I'], description: 'load images from a local tar (.tar or .tar.gz), as docker load -i, its progress in the Transfers pane', contexts: ['images'], footer: 'load' },
  { action: 'export-volume', keys: ['w'], description: 'export the volume to a new local .tar or .tar.gz through a helper container that never starts (its users may be paused or stopped meanwhile), as docker run --rm -v VOL:/v IMAGE tar …; a bar in the Transfers pane', contexts: ['volumes'], footer: 'export' },
  { action: 'restore-volume', keys: ['I'], description: 'restore a local tar into a new or empty volume through a helper container that never starts (asks before writing into one that holds files), as docker run --rm -i -v VOL:/v IMAGE tar -x …', contexts: ['volumes'], footer: 'restore' },
  { action: 'run', keys: ['r'], description: 'run a container', contexts: ['containers', 'images'], footer: 'run' },
  { action: 'stop', keys: ['s'], description: 'stop the container', contexts: ['containers'], footer: 'stop' },
  { action: 'start', keys: ['S'], description: 'start the stopped container', contexts: ['containers'], footer: 'start' },
  { action: 'pause', keys: ['P'], description: 'pause the running container, or resume the paused one', contexts: ['containers'], footer: 'pause' },
  { action: 'kill', keys: ['K'], description: 'kill the container with a signal (asks; SIGKILL unless you type another)', contexts: ['containers'], footer: 'kill' },
  { action: 'rename', keys: ['N'], description: 'rename the container', contexts: ['containers'], footer: 'rename' },
  { action: 'copy-out', keys: ['C'], description: 'copy a file or directory out of the container to a local directory (docker cp; the file browser: the selected one)', contexts: ['containers', 'files'], footer: 'cp' },
  { action: 'files', keys: ['F'], description: 'browse the container’s files, running or stopped: walk directories, view a text file, copy out and in (A/C/D: added, changed, deleted since the image)', contexts: ['containers'], footer: 'files' },
  { action: 'diff', keys: ['D'], description: 'what changed in the container since its image (what a commit captures), as a tree', contexts: ['containers'], footer: 'diff' },
  { action: 'describe', keys: ['v'], description: 'the container in words: image and its freshness, command, state and restarts, env (secret-looking values masked), ports, mounts, networks with addresses, limits, restart policy, health, Compose project, labels; Enter on a volume or network goes to its row', contexts: ['containers'], footer: 'describe' },
  { action: 'health', keys: ['h'], description: 'the health panel: the check’s test, interval, timeout, retries, start period; status and failing streak; the engine’s last probes; the next probe’s time; run the check now', contexts: ['containers'], footer: 'health' },
  { action: 'relations', keys: ['L'], description: 'what it touches, as a tree (a Compose project’s row, a container, a network, a volume): services, containers, networks with their other members, volumes with their other users, ports, depends_on, shared network namespaces, links; Enter goes to a node’s row', contexts: ['containers', 'volumes', 'networks'], footer: 'relations' },
  { action: 'restart', keys: ['R'], description: 'restart the container (asks first)', contexts: ['containers', 'incidents', 'incident'], footer: 'restart' },
  { action: 'commit', keys: ['c'], description: 'commit the container to an image', contexts: ['containers'], footer: 'commit' },
  { action: 'recreate', keys: ['U'], description: 'edit and recreate the container: the run form filled from it; its own name replaces it (rolled back if the new one fails), another runs beside it; a Compose service: how compose recreates it', contexts: ['containers'], footer: 'recreate' },
  { action: 'ports', keys: ['b'], description: 'the container’s ports, published and exposed, with their addresses: open one in the browser, or forward it here', contexts: ['containers'], footer: 'ports' },
  { action: 'shell', keys: ['e'], description: 'a shell in the running container (exit returns here)', contexts: ['containers'], footer: 'shell' },
  { action: 'attach', keys: ['A'], description: 'attach to the running container’s own process, as docker attach (Ctrl-P Ctrl-Q detaches)', contexts: ['containers'], footer: 'attach' },
  { action: 'sort', keys: ['o'], description: 'sort by the next column (containers: each shown column in turn; images: created, size, tag; volumes: name, size, users); the header marks it ▲ or ▼', contexts: ['containers', 'images', 'volumes'], footer: 'sort' },
  { action: 'sort-reverse', keys: ['O'], description: 'the order the other way round (▲ ↔ ▼)', contexts: ['containers', 'images'] },
  { action: 'choose-columns', keys: [','], description: 'choose the columns: show, hide and reorder them (kept in config.json)', contexts: ['panes'], footer: 'columns…' },
  { action: 'column-toggle', keys: [' '], label: 'Space', description: 'show the column, or hide it', contexts: ['column-chooser'], footer: 'show/hide' },
  { action: 'column-earlier', keys: ['K', '['], label: 'K/[', description: 'move the shown column left (earlier)', contexts: ['column-chooser'], footer: 'left' },
  { action: 'column-later', keys: ['J', ']'], label: 'J/]', description: 'move the shown column right (later)', contexts: ['column-chooser'], footer: 'right' },
  { action: 'copy', keys: ['y'], description: 'copy the id (an image row: its name; an action: its docker command) to the clipboard', contexts: ['containers', 'images', 'actions'], footer: 'copy' },
  { action: 'remove', keys: ['d'], description: 'remove (asks first)', contexts: ['containers', 'images', 'volumes', 'networks', 'services', 'disk-items'], footer: 'remove' },
  { action: 'cancel-pull', keys: ['x', 'escape'], label: 'x', description: 'cancel the selected pull or transfer (a backup’s helper container and partial file are removed)', contexts: ['pulls'], footer: 'cancel' },
  { action: 'cancel-pull', keys: ['x'], description: 'cancel the build (the engine stops it; nothing is tagged)', contexts: ['steps'], footer: 'cancel' },
  { action: 'dismiss-pull', keys: ['d'], description: 'dismiss a finished pull or transfer', contexts: ['pulls'], footer: 'dismiss' },
  { action: 'build', keys: ['b'], description: 'build an image from a local directory (docker build): context, Dockerfile, tags, build args, target, platform, network, no-cache, pull; its steps show in the Pulls pane', contexts: ['images'], footer: 'build' },
  { action: 'build-again', keys: ['b'], description: 'build the selected build again with the same settings', contexts: ['pulls'], footer: 'build again' },
  { action: 'build-steps', keys: ['return'], description: 'a build’s steps, each with its duration and its log lines', contexts: ['pulls'], footer: 'steps' },
  { action: 'mark', keys: [' '], label: 'Space', description: 'mark the row, or unmark it: d then removes every marked row (one confirmation)', contexts: ['images', 'volumes', 'networks'], footer: 'mark' },
  { action: 'mark-range', keys: ['V'], description: 'mark every row from the last mark to this one', contexts: MARKED },
  { action: 'mark-all', keys: ['ctrl+a'], description: 'mark every row the filter shows', contexts: MARKED },
  { action: 'clear-marks', keys: ['escape'], description: 'clear the marks (with a filter set, Esc clears the filter first)', contexts: ['marked'], footer: 'clear marks' },

  { action: 'follow', keys: ['f'], description: 'follow on/off (reading the history: back to the live end)', contexts: ['logs'], footer: 'follow' },
  { action: 'streams', keys: ['s'], description: 'which streams: both → stdout only → stderr only → both (with filter mode on, its matches of that stream)', contexts: ['logs'], footer: 'streams' },
  { action: 'timestamps', keys: ['t'], description: 'timestamps: off → UTC → local time → relative to now → off (config.json "logTimeFormat": "iso", "time" or "datetime")', contexts: ['logs'], footer: 'time' },
  { action: 'search', keys: ['/'], description: 'search (logs: a container’s whole history too, streamed from the engine; Esc stops it; inspect, history, help, the incident card and the output of run, exec and compose: their text, upper and lower case alike unless you type a capital)', contexts: ['logs', 'inspect', 'help', 'incident', 'describe', 'health', 'relations', 'output'], footer: 'search' },
  { action: 'next-match', keys: ['n'], description: 'next match', contexts: ['logs', 'inspect', 'help', 'incident', 'describe', 'health', 'relations', 'output'], footer: 'next' },
  { action: 'prev-match', keys: ['N'], description: 'previous match', contexts: ['logs', 'inspect', 'help', 'incident', 'describe', 'health', 'relations', 'output'], footer: 'previous' },
  { action: 'save-logs', keys: ['w'], description: 'write the whole log to a file in the current directory (a container’s: streamed from the engine; a set’s: the lines held)', contexts: ['logs'], footer: 'save' },
  { action: 'wrap', keys: ['z'], description: 'wrap long lines on/off', contexts: ['logs'], footer: 'wrap' },
  { action: 'scroll-left', keys: ['left', 'h'], label: '←/h', description: 'scroll long lines back to the left (not wrapping)', contexts: ['logs'] },
  { action: 'scroll-right', keys: ['right', 'l'], label: '→/l', description: 'scroll long lines to the right (not wrapping)', contexts: ['logs'] },
  { action: 'filter-lines', keys: ['F'], description: 'filter mode on/off: only the lines the search matches, with context (the loaded lines; n/N read further matches in)', contexts: ['logs'], footer: 'filter' },
  { action: 'context-lines', keys: ['C'], description: 'filter mode’s context: 0, 2, 5 or 10 lines around each match', contexts: ['logs'], footer: 'context' },
  { action: 'toggle-regex', keys: ['R'], description: 'the search is a regular expression on/off (off: plain text)', contexts: ['logs'], footer: 'regex' },
  { action: 'toggle-case', keys: ['c'], description: 'the search tells upper from lower case on/off', contexts: ['logs'], footer: 'case' },
  { action: 'time-window', keys: ['T'], description: 'a time window: the last 1 m, 5 m, 15 m, 1 h, since the container started, then all again (a container’s logs)', contexts: ['logs'], footer: 'window' },
  { action: 'time-typed', keys: ['@'], description: 'a time window typed: since [until], each 10m, 2h, 30s, 1d (ago) or an RFC 3339 time (empty: all again)', contexts: ['logs'], footer: 'since' },
  { action: 'select-lines', keys: ['v'], description: 'select mode on/off: a cursor line (↑/↓ move it) and a range from where it started, for y and J', contexts: ['logs'], footer: 'select' },
  { action: 'copy-lines', keys: ['y'], description: 'copy the selected lines (select mode: v first; else the current match) to the clipboard (OSC 52, at most 64 KB)', contexts: ['logs'], footer: 'copy' },
  { action: 'pretty-json', keys: ['J'], description: 'the cursor’s line as pretty JSON (select mode: v first; else the current match)', contexts: ['logs'], footer: 'json' },
  { action: 'pager', keys: ['o'], description: 'open the loaded lines in $PAGER (default less -R), sanitised as on screen; quitting it comes back here', contexts: ['logs'], footer: 'pager' },
  { action: 'pager-all', keys: ['O'], description: 'open the whole history in $PAGER, streamed from the engine as the pager reads (one container’s logs)', contexts: ['logs'] },
  { action: 'close', keys: ['escape'], description: 'close this view (logs: leave select mode, clear the search first)', contexts: ['logs', 'inspect', 'help', 'engines', 'stats', 'incident', 'files', 'describe', 'health', 'relations', 'ports', 'forwards', 'disk', 'column-chooser'], footer: 'back' },
  { action: 'open-port', keys: ['return', 'o'], label: 'Enter/o', description: 'open the published port in the browser ($BROWSER, xdg-open, open, wslview); with no display: a link on screen, copied to the clipboard (a remote engine: at its host)', contexts: ['ports'], footer: 'open' },
  { action: 'forward-port', keys: ['f'], description: 'forward the port here, published or not: berth listens on 127.0.0.1 and carries each connection through the engine’s API to a helper container in its network (B lists forwards)', contexts: ['ports'], footer: 'forward' },
  { action: 'forward-any-port', keys: ['F'], description: 'forward a port the container does not declare (typed): the same forward as f, to any TCP port it listens on', contexts: ['ports'], footer: 'forward port…' },
  { action: 'tunnel-port', keys: ['t'], description: 'forward the published port here through the ssh engine’s master (ssh -O forward): no helper, ssh carries it', contexts: ['ports'], footer: 'ssh forward' },
  { action: 'cancel-forward', keys: ['x', 'd'], label: 'x', description: 'end the forward (its helper container is removed)', contexts: ['forwards'], footer: 'end' },
  { action: 'open-entry', keys: ['return', 'right', 'l'], label: 'Enter/→', description: 'into the directory, or view the text file (the first MiB); a link: where it points', contexts: ['files'], footer: 'open' },
  { action: 'parent-dir', keys: ['backspace', 'left', 'h'], label: '⌫/←', description: 'up to the parent directory', contexts: ['files'], footer: 'up' },
  { action: 'copy-in', keys: ['I'], description: 'copy a local file or directory into this directory (asks before replacing)', contexts: ['files'], footer: 'copy in' },
  { action: 'go-to', keys: ['return'], description: 'go to the line’s container, volume or network: its row in its pane', contexts: ['describe', 'relations'], footer: 'go to' },
  { action: 'show-secrets', keys: ['s'], description: 'show the values of secret-looking env keys (PASSWORD, SECRET, TOKEN, KEY…), or mask them again', contexts: ['describe'], footer: 'secrets' },
  { action: 'run-check', keys: ['r'], description: 'run the health check now: its own test exec’d in the container (CMD as argv, CMD-SHELL through the shell), its result under the engine’s probes', contexts: ['health'], footer: 'run check' },
  { action: 'disk-open', keys: ['return'], description: 'the kind’s items, biggest first (Esc: back to the kinds)', contexts: ['disk-kinds'], footer: 'items' },
  { action: 'switch-engine', keys: ['return'], description: 'switch to the selected engine (with engines chosen: show them together, a fleet)', contexts: ['engines'], footer: 'switch' },
  { action: 'fleet-choose', keys: [' '], label: 'Space', description: 'choose the engine for a fleet, or unchoose it: Enter then shows the chosen ones together with the one shown', contexts: ['engines'], footer: 'fleet' },

  { action: 'prompt-keep', keys: ['return'], description: 'keep what the prompt says (the filter stays, or search for it)', contexts: ['prompt'], footer: 'keeps' },
  { action: 'prompt-clear', keys: ['escape'], description: 'leave the prompt and clear it', contexts: ['prompt'], footer: 'clears' },

  { action: 'submit', keys: ['return'], description: 'do what the dialog asks (its title says what)', contexts: ['dialog'] },
  { action: 'cancel', keys: ['escape'], description: 'close the dialog (what it started goes on)', contexts: ['dialog'] },
  { action: 'next-field', keys: ['tab', 'down'], label: 'Tab/↓', description: 'the next field or option', contexts: ['form'] },
  { action: 'prev-field', keys: ['shift+tab', 'up'], label: 'Shift-Tab/↑', description: 'the previous field or option', contexts: ['form'] },
  { action: 'toggle', keys: [' '], description: 'switch the option on or off', contexts: ['toggle'] },
  { action: 'yes', keys: ['y'], description: 'yes', contexts: ['confirm'] },
  { action: 'no', keys: ['n'], description: 'no', contexts: ['confirm'] },
  { action: 'copy-line', keys: ['ctrl+y'], description: 'copy the equivalent docker command line to the clipboard', contexts: ['command-line'] },
  { action: 'suggest', keys: ['ctrl+n'], description: 'fill in the next suggestion (pull: the demo’s images; exec: the last commands run in containers of that image)', contexts: ['suggestions'] },

  { action: 'cursor-left', keys: ['left'], description: 'cursor left', contexts: ['field'] },
  { action: 'cursor-right', keys: ['right'], description: 'cursor right; at the end of the text, take the completion shown after it', contexts: ['field'] },
  { action: 'line-start', keys: ['home', 'ctrl+a'], label: 'Home/Ctrl-A', description: 'to the start of the text', contexts: ['field'] },
  { action: 'line-end', keys: ['end', 'ctrl+e'], label: 'End/Ctrl-E', description: 'to the end of the text', contexts: ['field'] },
  { action: 'delete-back', keys: ['backspace'], description: 'delete the character before the cursor', contexts: ['field', 'line'] },
  { action: 'delete-forward', keys: ['delete'], description: 'delete the character under the cursor', contexts: ['field'] },
  { action: 'delete-to-start', keys: ['ctrl+u'], description: 'delete to the start of the text', contexts: ['field', 'line'] },
  { action: 'delete-to-end', keys: ['ctrl+k'], description: 'delete to the end of the text', contexts: ['field'] },
  { action: 'delete-word', keys: ['ctrl+w'], description: 'delete the word before the cursor', contexts: ['field', 'line'] },

  // Reserved for what comes next.
  { action: 'pulse', keys: ['H'], description: 'the engine’s pulse line on/off: containers by state, their CPU, memory, net and block I/O against the host’s, the disk and what prune would reclaim', contexts: ['global'] },
  { action: 'exec', keys: ['x'], description: 'run any command in the container (captured or with a terminal; or a debug shell beside it)', contexts: ['containers'], footer: 'exec' },
];

/** How the keymap writes a binding's keys. */
export function bindingLabel(binding: Binding): string {
  return binding.label ?? labelFor(binding.keys);
}

/** Contexts whose printable keys are text (a dialog's field, a prompt): no binding may take one. */
export const TEXT_CONTEXTS: readonly KeyContext[] = ['field', 'prompt', 'line', 'dialog', 'form', 'suggestions', 'command-line', 'anywhere'];

/** Whether a screen's printable keys are text: a text field or a prompt has the keys. */
export function typing(contexts: readonly KeyContext[]): boolean {
  return contexts.includes('field') || contexts.includes('prompt');
}

/** Whether a key types a character (not Ctrl-, Alt- or a named key). */
export function isPrintableKey(key: string): boolean {
  return !key.startsWith('ctrl+') && !key.startsWith('meta+') && [...key].length === 1;
}

/** The panes' ids, from their focus bindings (`pane-<id>`): every pane has one (app/panes/index.ts). */
export function paneIdsOf(bindings: readonly Binding[]): string[] {
  return bindings.flatMap((b) => (b.action.startsWith('pane-') ? [b.action.slice('pane-'.length)] : []));
}

/**
 * The context stacks berth looks keys up in, most specific first (keys/contexts.ts), for these
 * bindings (a pane's stack from its focus binding). A key may do one thing per stack; a custom
 * keymap is checked against these.
 */
export function keyStacks(bindings: readonly Binding[]): ReadonlyArray<readonly KeyContext[]> {
  // A pane that filters has 'filtered' too, while its filter is set (keys/contexts.ts).
  // One with marks has 'marked' instead while no filter is set: Esc clears the filter first.
  const filters = bindings.find((b) => b.action === 'filter')?.contexts ?? [];
  const marks = bindings.find((b) => b.action === 'mark-all')?.contexts ?? [];
  return [
    ...paneIdsOf(bindings).flatMap((id) => [
      [id, ...(filters.includes(id) ? ['filtered'] : []), 'list', 'panes', 'global', 'anywhere'],
      ...(marks.includes(id) ? [[id, 'marked', 'list', 'panes', 'global', 'anywhere']] : []),
    ]),
    ...['logs', 'inspect', 'help', 'engines', 'stats', 'incident', 'files', 'describe', 'health', 'relations', 'ports', 'forwards', 'disk', 'column-chooser'].map((view) => [view, 'global', 'anywhere']),
    // The disk view: its kinds (Enter lists one), a kind's items (d removes one; the build cache's: prune only).
    ['disk-kinds', 'disk', 'global', 'anywhere'],
    ['disk-items', 'disk', 'global', 'anywhere'],
    ['prompt', 'line', 'list', 'anywhere'],
    ['field', 'form', 'suggestions', 'command-line', 'dialog', 'anywhere'],
    ['toggle', 'form', 'command-line', 'dialog', 'anywhere'],
    ['confirm', 'dialog', 'anywhere'],
    ['output', 'dialog', 'anywhere'],
    // While quitting asks (quit.ts): its answer first, then the screen's own keys.
    ['quitting', 'anywhere'],
  ];
}

/** The contexts of typing: a key a text field or a prompt edits with comes before anything else's. */
const EDITING: readonly KeyContext[] = ['field', 'line', 'prompt'];

/**
 * The first two actions a key does within one stack, or undefined when every key does one thing.
 * While typing (a field or a prompt has the keys) printable keys are text, and the editing keys
 * come first: what a later context (the list under the filter prompt) does with one of them is
 * not reached there, by design, and is not a clash.
 */
export function findClash(bindings: readonly Binding[], stacks: ReadonlyArray<readonly KeyContext[]>): { key: string; actions: [ActionId, ActionId]; where: KeyContext } | undefined {
  for (const stack of stacks) {
    const text = typing(stack);
    const seen = new Map<string, { action: ActionId; editing: boolean }>();
    for (const context of stack) {
      for (const binding of bindings) {
        if (!binding.contexts.includes(context)) continue;
        for (const key of binding.keys) {
          if (text && isPrintableKey(key)) continue;
          const other = seen.get(key);
          if (other === undefined) {
            seen.set(key, { action: binding.action, editing: EDITING.includes(context) });
            continue;
          }
          if (other.action === binding.action || (text && other.editing && !EDITING.includes(context))) continue;
          return { key, actions: [other.action, binding.action], where: stack[0] ?? 'global' };
        }
      }
    }
  }
  return undefined;
}

/**
 * A keymap in force: resolves keys by context and says how an action's keys are written. The
 * runtime holds the one in force (the defaults, or the user's); the reducer reads it from its
 * context and the components from the runtime.
 */
export class Keymap {
  private readonly index = new Map<string, ActionId>();

  constructor(readonly bindings: readonly Binding[]) {
    for (const binding of bindings) {
      if (binding.planned) continue;
      for (const context of binding.contexts) {
        for (const key of binding.keys) if (!this.index.has(`${context} ${key}`)) this.index.set(`${context} ${key}`, binding.action);
      }
    }
  }

  resolve(context: KeyContext, key: string): ActionId | undefined {
    return this.index.get(`${context} ${key}`);
  }

  /** The first context of `contexts` where `key` does something, and what. */
  resolveIn(contexts: readonly KeyContext[], key: string): ActionId | undefined {
    for (const context of contexts) {
      const action = this.resolve(context, key);
      if (action) return action;
    }
    return undefined;
  }

  /** How the keymap writes an action's key(s), for hints in the UI ("a shows all"). */
  label(action: ActionId): string {
    const binding = this.bindings.find((b) => b.action === action);
    return binding ? bindingLabel(binding) : '';
  }

  /** An action's first key as help writes it ('↑', 'Esc'): for a hint with room for one. */
  shortLabel(action: ActionId): string {
    const key = this.firstKey(action);
    return key ? prettyKey(key) : '';
  }

  /** The first key bound to an action (a tab's number), or '' when it has none. */
  firstKey(action: ActionId): string {
    return this.bindings.find((b) => b.action === action)?.keys[0] ?? '';
  }

  /**
   * The bindings that apply in a stack of contexts, most specific first, each action once (the
   * planned ones left out), with only the keys that reach them there: not a key an earlier
   * context takes, nor, while typing, a printable one (it is text).
   */
  bindingsFor(contexts: readonly KeyContext[]): Binding[] {
    const seen = new Set<ActionId>();
    const taken = new Set<string>();
    const text = typing(contexts);
    const result: Binding[] = [];
    for (const context of contexts) {
      const here: Binding[] = [];
      for (const binding of this.bindings) {
        if (binding.planned || !binding.contexts.includes(context) || seen.has(binding.action)) continue;
        seen.add(binding.action);
        const keys = binding.keys.filter((k) => !taken.has(k) && !(text && isPrintableKey(k)));
        if (keys.length === 0) continue;
        here.push(keys.length === binding.keys.length ? binding : { ...binding, keys, label: labelFor(keys) });
      }
      for (const binding of here) for (const key of binding.keys) taken.add(key);
      result.push(...here);
    }
    return result;
  }
}

/** berth's own keys, before any of the user's. */
export const defaultKeymap = new Keymap(keymap);
