/**
 * What the run dialog builds: the `docker run` options berth supports, as a line would give them
 * (each list entry is one flag's value, as typed; nothing is interpreted here). A pasted line,
 * the dialog's form and the line shown under it are three views of this one value.
 */
export interface RunOptions {
  image: string;
  /** The command and its arguments (after the image); empty runs the image's default. */
  command: readonly string[];
  name: string;
  detach: boolean;
  tty: boolean;
  interactive: boolean;
  rm: boolean;
  publishAll: boolean;
  /** `-p`: `[ip:][hostPort:]containerPort[/proto]`. */
  publish: readonly string[];
  /** `-e`: `K=V`, or `K` to take K from berth's environment, as the CLI takes it from its own. */
  env: readonly string[];
  /** `--env-file`: read before `-e`, so `-e` wins. */
  envFile: readonly string[];
  /** `-v`: `src:dst[:opts]` or `/dst`. */
  volume: readonly string[];
  /** `--mount`: `type=bind|volume|tmpfs,source=…,target=…,…`. */
  mount: readonly string[];
  /** `-l`: `K=V` or `K`. */
  label: readonly string[];
  restart: string;
  network: string;
  workdir: string;
  user: string;
  entrypoint: string;
  hostname: string;
  memory: string;
  cpus: string;
}

/** The single-valued text options, in the order the form and the line show them. */
export const TEXT_OPTIONS = ['name', 'network', 'restart', 'workdir', 'user', 'entrypoint', 'hostname', 'memory', 'cpus'] as const;
export type TextOption = (typeof TEXT_OPTIONS)[number];

/** The repeatable options. */
export const LIST_OPTIONS = ['publish', 'env', 'envFile', 'volume', 'mount', 'label'] as const;
export type ListOption = (typeof LIST_OPTIONS)[number];

/** The switches. */
export const SWITCH_OPTIONS = ['detach', 'interactive', 'tty', 'rm', 'publishAll'] as const;
export type SwitchOption = (typeof SWITCH_OPTIONS)[number];

/** Each supported option's flags: the long name (what the line shows) and the one-letter one. */
export const OPTION_FLAGS: Readonly<Record<TextOption | ListOption | SwitchOption, { long: string; short?: string }>> = {
  name: { long: 'name' },
  network: { long: 'network' },
  restart: { long: 'restart' },
  workdir: { long: 'workdir', short: 'w' },
  user: { long: 'user', short: 'u' },
  entrypoint: { long: 'entrypoint' },
  hostname: { long: 'hostname', short: 'h' },
  memory: { long: 'memory', short: 'm' },
  cpus: { long: 'cpus' },
  publish: { long: 'publish', short: 'p' },
  env: { long: 'env', short: 'e' },
  envFile: { long: 'env-file' },
  volume: { long: 'volume', short: 'v' },
  mount: { long: 'mount' },
  label: { long: 'label', short: 'l' },
  detach: { long: 'detach', short: 'd' },
  interactive: { long: 'interactive', short: 'i' },
  tty: { long: 'tty', short: 't' },
  rm: { long: 'rm' },
  publishAll: { long: 'publish-all', short: 'P' },
};

export function emptyOptions(image = ''): RunOptions {
  return {
    image,
    command: [],
    name: '',
    detach: false,
    tty: false,
    interactive: false,
    rm: false,
    publishAll: false,
    publish: [],
    env: [],
    envFile: [],
    volume: [],
    mount: [],
    label: [],
    restart: '',
    network: '',
    workdir: '',
    user: '',
    entrypoint: '',
    hostname: '',
    memory: '',
    cpus: '',
  };
}
