/**
 * The engine's socket on the ssh host, forwarded by berth's ssh master to a socket of its own
 * here (`ssh -L <private dir>/e:<remote socket>`, ssh-master.ts): a connection to it is a channel
 * on the login that is already up, which sshd connects to the engine's socket itself. No remote
 * shell, no remote docker CLI, no process here: undici connects to it as to a local engine.
 *
 * Whether the forward works is known only once something comes back through it. ssh makes the
 * local socket at once, and only when a connection is made through it does sshd try the remote
 * socket: a host that forbids stream-local forwarding (AllowStreamLocalForwarding no, a key's
 * no-port-forwarding), a socket that is not there (a Podman host, an engine elsewhere) or not
 * the user's to open all look the same here: the master accepts the connection and closes it
 * without a byte. So until a first answer has come through the forward, each connection is a
 * trial (`ForwardTrial`): it keeps what undici wrote, and if the far side closes it before the
 * first byte back, it makes the same connection over `docker system dial-stdio` (as without the
 * forward) and replays what was written. The request is not lost, and the user sees no error of
 * the forward's: what the dial-stdio connection says (ssh's or docker's own words) is what they
 * see. A trial that falls back marks the forward refused, and later connections go straight to
 * dial-stdio; one that gets its first byte marks it working, and later connections are plain
 * sockets, as a local engine's.
 */
import net from 'node:net';
import { Duplex } from 'node:stream';

type State = 'untried' | 'works' | 'refused';
/** How a trial ended: an answer came; the far side closed it first; the socket here was not there to connect to. */
export type TrialOutcome = 'worked' | 'refused' | 'gone';

/** What a connection over dial-stdio is: a Duplex that undici can use as a socket (ssh.ts's SshStream). */
export type Fallback = () => Duplex;

export class ForwardedEngine {
  private state: State = 'untried';

  /**
   * `socketPath`: the forward's socket here. `refused` is told once, with why, when the forward
   * turns out not to work (for the record: the connections go on over dial-stdio).
   */
  constructor(
    readonly socketPath: string,
    private readonly refused: (why: string) => void,
  ) {}

  /** False once the forward has turned out not to work: connect over dial-stdio. */
  get usable(): boolean {
    return this.state !== 'refused';
  }

  /** Whether a first answer has come through the forward. */
  get proven(): boolean {
    return this.state === 'works';
  }

  /** One connection through the forward, handed to `callback` as undici's connect hook wants it. */
  connect(fallback: Fallback, callback: (error: Error | null, socket: Duplex | null) => void): void {
    if (this.state === 'works') return this.plain(fallback, callback);
    callback(null, new ForwardTrial(this.socketPath, fallback, (outcome, why) => this.tried(outcome, why)));
  }

  private tried(outcome: TrialOutcome, why: string): void {
    if (outcome === 'worked') {
      this.state = 'works';
      return;
    }
    // The forward's own socket is gone (its master died): not the host's refusal; the next master has its own.
    if (outcome === 'gone' || this.state === 'refused') return;
    // One that worked before and fails now (the engine restarting there) is tried again, not refused.
    if (this.state === 'works') {
      this.state = 'untried';
      return;
    }
    this.state = 'refused';
    this.refused(why);
  }

  /**
   * A plain socket once the forward works. It is handed over connected: a forward socket that is
   * gone (the master died, its directory removed) makes this one connection over dial-stdio,
   * and the next ones are trials again, through the new master by then.
   */
  private plain(fallback: Fallback, callback: (error: Error | null, socket: Duplex | null) => void): void {
    const socket = net.connect(this.socketPath);
    const failed = () => {
      this.state = 'untried';
      socket.destroy();
      callback(null, fallback());
    };
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.off('error', failed);
      // Closed without a byte back: whatever the reason, the next connections prove the forward again.
      socket.once('close', () => {
        if (socket.bytesRead === 0 && this.state === 'works') this.state = 'untried';
      });
      callback(null, socket);
    });
  }
}

/**
 * A connection through a forward not yet known to work: what is written is kept until the first
 * byte comes back; if the far side ends or fails the connection before that, the same bytes go
 * over a dial-stdio connection instead, which carries the connection from then on.
 */
export class ForwardTrial extends Duplex {
  private inner: Duplex;
  /** What undici wrote, while no byte has come back; undefined once one has (or after the fallback). */
  private sent: Buffer[] | undefined = [];
  private finished = false;
  private fellBack = false;
  private referenced = true;

  constructor(
    socketPath: string,
    private readonly fallback: Fallback,
    private readonly outcome: (outcome: TrialOutcome, why: string) => void,
  ) {
    super({ allowHalfOpen: true });
    this.inner = net.connect(socketPath);
    this.attach(this.inner, true);
  }

  private attach(inner: Duplex, trial: boolean): void {
    inner.on('data', (chunk: Buffer) => {
      if (this.sent !== undefined) {
        this.sent = undefined;
        if (trial) this.outcome('worked', '');
      }
      if (!this.push(chunk)) inner.pause();
    });
    inner.on('end', () => {
      if (trial && this.sent !== undefined) return this.fallBack('refused', 'the forward closed the connection before the engine answered');
      this.push(null);
    });
    inner.on('error', (error: Error) => {
      if (trial && this.sent !== undefined) return this.fallBack(gone(error) ? 'gone' : 'refused', error.message);
      this.destroy(error);
    });
    // A socket's own close after its end or error is the normal way out; an inner that closes
    // without either (a Duplex destroyed without an error) ends this one too.
    inner.on('close', () => {
      if (inner === this.inner && !this.readableEnded && !this.destroyed && !(trial && this.sent !== undefined)) this.destroy();
    });
  }

  private fallBack(outcome: TrialOutcome, why: string): void {
    if (this.fellBack || this.destroyed) return;
    this.fellBack = true;
    const old = this.inner;
    old.removeAllListeners('data');
    old.removeAllListeners('end');
    old.on('error', () => undefined);
    old.destroy();
    this.outcome(outcome, why);
    const next = this.fallback();
    this.inner = next;
    if (!this.referenced) (next as unknown as { unref?: () => void }).unref?.();
    this.attach(next, false);
    for (const chunk of this.sent ?? []) next.write(chunk);
    this.sent = undefined;
    if (this.finished) next.end();
  }

  override _read(): void {
    this.inner.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.sent?.push(chunk);
    // Before the first answer a failed write is the trial's to handle ('error' above), not undici's.
    if (this.inner.write(chunk) || this.sent !== undefined) callback();
    else this.inner.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.finished = true;
    this.inner.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.sent = undefined;
    this.inner.on('error', () => undefined);
    this.inner.destroy();
    callback(error);
  }

  /** undici unrefs idle keep-alive sockets so they do not hold the process open. */
  ref(): this {
    this.referenced = true;
    (this.inner as unknown as { ref?: () => void }).ref?.();
    return this;
  }

  unref(): this {
    this.referenced = false;
    (this.inner as unknown as { unref?: () => void }).unref?.();
    return this;
  }
}

/** The socket here was not there (removed with its master's directory) or nobody listened on it. */
function gone(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}
