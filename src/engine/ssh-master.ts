/**
 * One ssh login per engine. berth opens several HTTP connections at once when it starts (the
 * version, each pane's list, the event stream, …), and each one over ssh is its own
 * `ssh … docker system dial-stdio`: with a login of their own, they were as many full ssh
 * handshakes at once, competing, and the first rows came well after ssh alone would connect.
 *
 * So berth starts one OpenSSH master of its own (`ssh -N`, ControlMaster) on a control socket in
 * a private 0700 directory (under $XDG_RUNTIME_DIR, else the temp dir), and each connection's
 * dial-stdio runs through it (`ControlMaster=no`, ControlPath): a new session on a link that is
 * already up, no handshake. Connections that come while the master logs in wait for it.
 * Why a master of berth's own rather than the first connection made a master: that connection
 * is an HTTP connection undici may close or kill at any time, and the others would go with it;
 * a master that carries no request lives exactly as long as the engine does for berth.
 * `ControlPersist=no`, so the master is berth's child, and a guard sees to it that it ends with
 * berth: a small sh holds the master's pid and reads a pipe from berth, and kills the master
 * when the pipe closes. berth closes it when the engine is closed or switched; the kernel closes
 * it when berth ends in any way at all (q, a signal, a crash, kill -9), and ssh -N itself never
 * looks at its input.
 *
 * When the master fails to log in, its failure (host key, refused login, unknown host, …) is
 * every waiting connection's, in ssh's own words as before; the next connection starts a new
 * master, as after a master that died (the network went, sshd restarted). When sharing cannot
 * work here (the client is not OpenSSH's ssh, the socket cannot be made, the master fails in
 * a way ssh does not explain), connections have their own ssh each, as before.
 *
 * The master also forwards the engine's socket on the host to one beside its control socket
 * (`-L`, ssh-engine-socket.ts): connections go through that, channels on the login with no
 * remote process, and a dial-stdio session each only where the forward does not work. Such a
 * session starts the remote user's shell and docker CLI (on the sandbox's sshd ~150 ms, most of
 * it the shell's rc files); sessions started ahead of need were tried before the forward: with
 * the remote side on the same two CPUs, they competed with the first two, so no.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, watch, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError } from './errors.ts';
import { knownSshFailure, sshFailure, stripControls } from './ssh.ts';
import { remoteEngineSocket, sshCanShare, sshLabel, sshMasterCommand, socketForwardArgument, type SshAddress } from './ssh-address.ts';
import { ForwardedEngine } from './ssh-engine-socket.ts';

const STDERR_KEPT = 4096;
/**
 * Runs the master (`"$@"` after the directory) and ends it when its input closes, then removes
 * the master's directory (its socket): after a kill -9 of berth too, nothing is left. sh gives a
 * background job /dev/null for input, so the pipe is kept on fd 3 for the guard; the master's
 * exit status is sh's, its stderr goes straight through. A line on stdout says the master has
 * ended, before the guard's own clean-up: connections from then on start a new master.
 */
const GUARD = [
  'dir=$1; shift',
  'exec 3<&0',
  '"$@" </dev/null 3<&- & master=$!',
  '{ while read -r _; do :; done; kill "$master" 2>/dev/null; } <&3 &',
  'guard=$!',
  'exec 3<&-',
  'wait "$master"; status=$?',
  // In a subshell: with berth gone, the write's SIGPIPE ends that alone, not the clean-up after it.
  '(echo ended) 2>/dev/null',
  'kill "$guard" 2>/dev/null',
  'rm -rf -- "$dir"',
  'exit "$status"',
].join('\n');
/**
 * ssh's errors when it cannot listen on the control socket: it then goes on without sharing, or
 * ends. (Only these words: with LogLevel DEBUG, a master that does listen talks of its socket too.)
 */
const NO_SHARING = /disabling multiplexing|too long for Unix domain socket/i;

interface Master {
  child: ChildProcess;
  /** The master's own directory (from mkdtemp), which holds its sockets alone. */
  dir: string;
  socketPath: string;
  /** The engine's socket forwarded here, once the master is up and ssh made it (ssh-engine-socket.ts). */
  forward: ForwardedEngine | undefined;
  /** The socket once the master has logged in; undefined: connect without it. */
  ready: Promise<string | undefined>;
  /** The guard said the master ended (the guard itself may still be cleaning up). */
  ended: boolean;
}

/**
 * How an ssh engine's connections run, for the record: through the forward of the engine's
 * socket, or each over `docker system dial-stdio` and why (the forward could not be made, or
 * the host refused it).
 */
export interface SshRoute {
  way: 'forward' | 'dial-stdio';
  /** The forward, as ssh's `-L` names it (the socket here, the engine's there). */
  forward?: string;
  why?: string;
}

/** A master's link: its control socket (undefined: connect without one) and the engine's forwarded socket. */
export interface SshLink {
  controlPath: string | undefined;
  forward: ForwardedEngine | undefined;
}

/** Masters alive in this process, ended when it exits whatever the way out. */
const live = new Set<SshMaster>();
let exitHook = false;

export class SshMaster {
  private master: Master | undefined;
  private closed = false;
  /** Set once sharing turned out not to work here: every connection then has its own ssh. */
  private unshared: boolean;
  /** Set once a master has been up: sharing works with this client and this host. */
  private sharing = false;

  /**
   * `noted` is told when the forward of the engine's socket turns out not to work, once a
   * master (the connections then run over dial-stdio, as without it).
   */
  constructor(
    private readonly address: SshAddress,
    private readonly env: NodeJS.ProcessEnv,
    private readonly noted: (route: SshRoute) => void = () => undefined,
  ) {
    this.unshared = !sshCanShare(env);
  }

  /** The control socket and the engine's forward of the master up (see `socket`). */
  async link(): Promise<SshLink> {
    const controlPath = await this.socket();
    const forward = controlPath !== undefined && this.master?.socketPath === controlPath ? this.master.forward : undefined;
    return { controlPath, forward };
  }

  /**
   * The control socket a new connection runs through, once a master is up (starting one if none
   * is alive); undefined when the connection should have its own ssh. Rejects with the master's
   * failure in ssh's words.
   */
  socket(): Promise<string | undefined> {
    if (this.closed) return Promise.reject(closedError());
    if (this.unshared) return Promise.resolve(undefined);
    const current = this.master;
    if (current && !current.ended && running(current.child)) return current.ready;
    try {
      this.master = this.start();
    } catch {
      // No private directory for the socket: connect as before.
      this.unshared = true;
      return Promise.resolve(undefined);
    }
    return this.master.ready;
  }

  /** Ends the master (its connections end with it) and removes its directory. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    live.delete(this);
    // The guard ends the master when its pipe closes.
    this.master?.child.stdin?.destroy();
    // The guard removes it too, once the master is gone; berth need not wait for that.
    if (this.master) rmSync(this.master.dir, { recursive: true, force: true });
  }

  private start(): Master {
    // A directory for each master: one that died leaves nothing in the way of the next.
    const dir = mkdtempSync(join(socketBase(this.env), 'berth-ssh-'));
    const name = 's';
    const socketPath = join(dir, name);
    // The engine's socket, forwarded beside the control socket: it goes with the master's directory.
    const forwardPath = join(dir, 'e');
    const remote = remoteEngineSocket(this.address);
    const forwardArg = socketForwardArgument(forwardPath, remote);
    const { file, args } = sshMasterCommand(this.address, this.env, socketPath, forwardArg);
    const child = spawn('/bin/sh', ['-c', GUARD, 'berth-ssh-master', dir, file, ...args], { env: this.env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin?.on('error', () => undefined);
    const made: Master = { child, dir, socketPath, forward: undefined, ready: Promise.resolve(undefined), ended: false };
    child.stdout?.once('data', () => (made.ended = true));
    live.add(this);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        for (const master of live) master.close();
      });
    }
    const label = sshLabel(this.address);
    const ready = new Promise<string | undefined>((resolve, reject) => {
      let stderr = '';
      let watcher: FSWatcher | undefined;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        watcher?.close();
        // Up or gone, the master no longer keeps Node running: connections and the UI do.
        child.unref();
        for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
        outcome();
      };
      const up = () => {
        if (!existsSync(socketPath)) return;
        this.sharing = true;
        // ssh listens on its forwards before its control socket (ssh.c, ssh_session2): if the
        // engine's is not there now, ssh did not make it (a config that clears forwardings).
        if (forwardArg === undefined) {
          this.noted({ way: 'dial-stdio', why: `ssh cannot forward the path ${remote}` });
        } else if (!existsSync(forwardPath)) {
          this.noted({ way: 'dial-stdio', forward: forwardArg, why: lastLine(stderr) || 'ssh made no forward' });
        } else {
          made.forward = new ForwardedEngine(forwardPath, (why) =>
            // The master's own words, when it printed any (`channel 3: open failed: …`), say more than the closed connection.
            this.noted({ way: 'dial-stdio', forward: forwardArg, why: lastLine(stderr) || why }),
          );
        }
        settle(() => resolve(socketPath));
      };
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
        if (!settled && NO_SHARING.test(stderr)) {
          this.unshared = true;
          child.stdin?.destroy();
          settle(() => resolve(undefined));
        }
      });
      // No sh to guard it: the connection on its own says what it says.
      child.on('error', () => {
        rmSync(dir, { recursive: true, force: true });
        this.unshared = true;
        settle(() => resolve(undefined));
      });
      child.on('exit', (code, signal) => {
        if (this.closed) return settle(() => reject(closedError()));
        // 127: sh found no ssh to run (a master runs no remote command, so it is not docker's).
        const failure = code === 127 ? undefined : knownSshFailure({ code, signal, stderr, label });
        if (failure) return settle(() => reject(failure));
        if (settled) return;
        // Ended in a way ssh does not explain, before it logged in. Once a master has worked
        // here, that is the link failing (a reset, sshd going away): the engine is unreachable,
        // and the next connection starts a master again. Before that, it may be a client that
        // does not share (an `ssh` that is not OpenSSH's): the connection on its own says what
        // it says, and the following ones do not wait for a master any more.
        if (this.sharing) return settle(() => reject(sshFailure({ code, signal, stderr, label })));
        this.unshared = true;
        settle(() => resolve(undefined));
      });
      try {
        // ssh binds a temporary name and links the socket to `name` once it is logged in.
        watcher = watch(dir, (_event, changed) => {
          if (changed === null || changed === name) up();
        });
        watcher.on('error', () => undefined);
      } catch {
        // No watching here: the exit or an error still settles; without either, look now and then.
        const timer = setInterval(() => (settled ? clearInterval(timer) : up()), 20);
      }
      up();
    });
    // Nobody may be waiting when the master fails (a connection that came and went).
    ready.catch(() => undefined);
    made.ready = ready;
    return made;
  }
}

function lastLine(text: string): string {
  return stripControls(text).split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? '';
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** $XDG_RUNTIME_DIR is the user's own (0700) and short, as a socket path must be; else the temp dir. */
function socketBase(env: NodeJS.ProcessEnv): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && runtime.startsWith('/')) {
    try {
      if (statSync(runtime).isDirectory()) return runtime;
    } catch {
      // Not there: the temp dir.
    }
  }
  return tmpdir();
}

function closedError(): EngineError {
  return new EngineError({ code: 'ABORTED', operation: 'connect', message: 'the connection to the engine was closed' });
}
