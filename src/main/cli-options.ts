/**
 * The config.json that --help shows: it must be one berth accepts (x is exec's and h the health
 * panel's: an example giving stop either would stop berth from starting); test/main/cli-options.test.ts loads it.
 */
export const CONFIG_EXAMPLE = '{"keys": {"stop": "u", "down": ["down", "j", "ctrl+n"]}}';

export const usage = `usage: berth [options]

  -H, --host <address>     engine address: unix:///path/to.sock (or just /path/to.sock: an
                           absolute path is always a unix socket, never a host), tcp://host:port
                           or ssh://[user@]host[:port] (your ssh; $BERTH_SSH_COMMAND replaces it)
                           (default: $DOCKER_HOST, else the docker context, else the
                           Docker or Podman socket found); repeated (-H a -H b): a fleet,
                           every engine in one table with an ENGINE column
  -c, --context <name>     a docker CLI context, as \`docker context ls\` lists them
                           (default: $DOCKER_CONTEXT, else \`docker context use\`'s choice);
                           several (--context a,b): a fleet of them
      --api-version <x.y>  pin the API version instead of negotiating ($DOCKER_API_VERSION)
      --interval <time>    poll period when the event stream is down, e.g. 2s, 500ms (default 2s);
                           while events are live berth polls 5× slower, only as a safety net
  -h, --help               this text
  -v, --version            berth's version

Keys can be changed in $XDG_CONFIG_HOME/berth/config.json (default ~/.config/berth/config.json):
  ${CONFIG_EXAMPLE}
`;

/** "2s", "500ms", "1.5" (seconds) → milliseconds; a string is an error message. */
export function parseInterval(value: string | undefined): number | string {
  if (value === undefined) return 2000;
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
  if (!match) return `--interval "${value}" must look like 2s or 500ms`;
  const ms = match[2] === 'ms' ? Number(match[1]) : Number(match[1]) * 1000;
  if (ms < 100 || ms > 3_600_000) return '--interval must be between 100ms and 1h';
  return ms;
}
