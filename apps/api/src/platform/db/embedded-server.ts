import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  closeSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A local MongoDB-compatible server the API starts by itself when MONGODB_URI is not set:
 * a real `mongod` when installed, else FerretDB 1.x with its SQLite backend
 * (on the PATH, or built once into .tools/bin by scripts/build-ferretdb.sh when Go is available).
 */
export interface EmbeddedServer {
  kind: 'mongod' | 'ferretdb';
  uri: string;
  port: number;
  dataDir: string;
  /** The server's process id (the benchmarks read its CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** Where the server keeps its data; created when missing. */
  dataDir: string;
  repoRoot: string;
  /** Progress lines for a person watching ("Building FerretDB..."). */
  say?: (line: string) => void;
  /** The port to try first (any free one otherwise); one another process holds is passed over. */
  port?: number;
}

export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

export const NO_DATABASE_HELP = [
  'No MongoDB-compatible server is available, so the API cannot start its embedded database.',
  'Do one of these:',
  '  - set MONGODB_URI to a MongoDB 7 server (for example: docker compose up mongo, then MONGODB_URI=mongodb://localhost:27017/vanya);',
  "  - install MongoDB's `mongod` (https://www.mongodb.com/docs/manual/installation/) so it is on the PATH;",
  '  - install Go 1.24 or newer (https://go.dev/dl/) so that scripts/build-ferretdb.sh can build FerretDB into .tools/bin;',
  '  - or put a FerretDB 1.x `ferretdb` binary on the PATH.',
].join('\n');

function findExecutable(name: string, extraDirs: string[] = []): string | undefined {
  const dirs = [...extraDirs, ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Whether process `pid` is the one listening on `port` (Linux: the inodes of its sockets against
 * /proc/net/tcp's listening sockets); undefined where /proc cannot tell.
 */
function listensOn(pid: number | undefined, port: number): boolean | undefined {
  try {
    const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    const listening = new Set(
      readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols[1]?.endsWith(portHex) && cols[3] === '0A')
        .map((cols) => cols[9]),
    );
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      const inode = /^socket:\[(\d+)\]$/.exec(linkOf(`/proc/${pid}/fd/${fd}`))?.[1];
      return inode !== undefined && listening.has(inode);
    });
  } catch {
    return undefined;
  }
}

/** Where a link points ('' for one gone meanwhile, such as a closed descriptor). */
function linkOf(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
}

/** The file's text, trimmed ('' when it cannot be read). */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

const tail = (file: string, lines = 20) => readText(file).split('\n').slice(-lines).join('\n');

function resolveServerBinary(opts: EmbeddedServerOptions): {
  kind: 'mongod' | 'ferretdb';
  bin: string;
} {
  const mongod = findExecutable('mongod');
  if (mongod) return { kind: 'mongod', bin: mongod };
  const toolsBin = path.join(opts.repoRoot, '.tools', 'bin');
  const built = path.join(toolsBin, 'ferretdb');
  const script = path.join(opts.repoRoot, 'scripts', 'build-ferretdb.sh');
  const canBuild = !!findExecutable('go') && existsSync(script);
  const ferretdb = findExecutable('ferretdb', [toolsBin]);
  if (ferretdb && ferretdb === built && canBuild) {
    // Our own build: an older one (without the fixes the script now applies, such as serialised
    // updates) is rebuilt rather than run, so a checkout never tests against a racy server.
    const wanted = spawnSync('bash', [script, '--print-build'], { encoding: 'utf8' }).stdout.trim();
    const stamp = readText(`${built}.build`);
    if (wanted && stamp !== wanted) {
      opts.say?.(
        `FerretDB in .tools/bin is an older build (${stamp || 'unstamped'}): rebuilding it as "${wanted}"...`,
      );
      const result = spawnSync('bash', [script], { stdio: 'inherit', env: process.env });
      if (result.status !== 0) {
        throw new EmbeddedDatabaseError(
          `Rebuilding FerretDB failed (exit ${result.status}); the older build in ${toolsBin} lacks fixes the shop relies on. Run scripts/build-ferretdb.sh to see why.`,
        );
      }
    }
    return { kind: 'ferretdb', bin: built };
  }
  if (ferretdb) return { kind: 'ferretdb', bin: ferretdb };

  if (canBuild) {
    opts.say?.(
      'No mongod or ferretdb found: building FerretDB v1.24.2 with Go into .tools/bin (about a minute, once)...',
    );
    const result = spawnSync('bash', [script], { stdio: 'inherit', env: process.env });
    if (result.status === 0 && existsSync(built)) return { kind: 'ferretdb', bin: built };
    throw new EmbeddedDatabaseError(
      `Building FerretDB failed (exit ${result.status}).\n${NO_DATABASE_HELP}`,
    );
  }
  throw new EmbeddedDatabaseError(NO_DATABASE_HELP);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

type ServerKind = EmbeddedServer['kind'];

/** Tries this many free ports: another process may take the one chosen before the server binds it. */
const PORT_ATTEMPTS = 5;

export async function startEmbeddedServer(opts: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const { kind, bin } = resolveServerBinary(opts);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, `${kind}.log`);
  for (let attempt = 1; ; attempt += 1) {
    const port = attempt === 1 && opts.port ? opts.port : await freePort();
    try {
      return await launch({ kind, bin, dataDir, logFile, port });
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw err;
    }
  }
}

/** The server refused its port (taken by another process after freePort chose it). */
class PortTaken extends EmbeddedDatabaseError {}

function argsOf(kind: ServerKind, dataDir: string, port: number): string[] {
  if (kind === 'mongod') {
    const dbPath = path.join(dataDir, 'mongod');
    mkdirSync(dbPath, { recursive: true });
    return ['--dbpath', dbPath, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'];
  }
  const sqliteDir = path.join(dataDir, 'sqlite');
  const stateDir = path.join(dataDir, 'state');
  mkdirSync(sqliteDir, { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  return [
    '--handler=sqlite',
    `--sqlite-url=file:${sqliteDir}/`,
    `--listen-addr=127.0.0.1:${port}`,
    `--state-dir=${stateDir}`,
    '--telemetry=disable',
    '--debug-addr=-',
    '--log-level=error',
  ];
}

/** Starts the server on `port` and waits until it accepts connections. */
async function launch(at: {
  kind: ServerKind;
  bin: string;
  dataDir: string;
  logFile: string;
  port: number;
}): Promise<EmbeddedServer> {
  const { kind, dataDir, logFile, port } = at;
  const logStart = readText(logFile).length;
  const logFd = openSync(logFile, 'a');
  const child = spawn(at.bin, argsOf(kind, dataDir, port), { stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  // Never leave the server behind when this process ends, however it ends.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = () => {
    process.removeListener('exit', killOnExit);
    const log = readText(logFile).slice(logStart);
    const message = `${kind} exited during start-up (code ${child.exitCode}). Its log (${logFile}):\n${tail(logFile)}`;
    return /address already in use/i.test(log)
      ? new PortTaken(message)
      : new EmbeddedDatabaseError(message);
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw exited();
    // Another process that took the port would accept too: the server must be the listener.
    if ((await canConnect(port)) && listensOn(child.pid, port) !== false) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      process.removeListener('exit', killOnExit);
      throw new EmbeddedDatabaseError(
        `${kind} did not accept connections within the time limit. Its log (${logFile}):\n${tail(logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const uri = `mongodb://127.0.0.1:${port}/vanya`;
  // Where a command run beside the shop (`pnpm owner:grant`) finds the running server.
  const uriFile = path.join(dataDir, RUNNING_URI_FILE);
  writeFileSync(uriFile, uri);
  return {
    kind,
    port,
    dataDir,
    uri,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      process.removeListener('exit', killOnExit);
      rmSync(uriFile, { force: true });
    },
  };
}

/** The file in the data folder naming the address of the embedded server while it runs. */
const RUNNING_URI_FILE = 'running.uri';

/** The address of the embedded server already running on `dataDir`, when it still answers. */
export async function runningEmbeddedServer(dataDir: string): Promise<string | undefined> {
  const file = path.join(path.resolve(dataDir), RUNNING_URI_FILE);
  if (!existsSync(file)) return undefined;
  const uri = readFileSync(file, 'utf8').trim();
  const port = Number(new URL(uri).port);
  return (await canConnect(port)) ? uri : undefined;
}
