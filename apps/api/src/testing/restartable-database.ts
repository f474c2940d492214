import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NO_DATABASE_HELP } from '../platform/db/embedded-server';
import { findRepoRoot } from '../platform/paths';

/**
 * A database server of a test's own that the test can crash and bring back on the same port and
 * data folder (the shared test database must never go down under other tests). The same servers
 * as the embedded database: `mongod` when installed, else FerretDB from .tools/bin or the PATH.
 */
export interface RestartableDatabase {
  uri: string;
  port: number;
  /** Kills the server at once (SIGKILL), as a crash would, and waits until it is gone. */
  kill(): Promise<void>;
  /**
   * Starts it (again) on the same port and data folder; resolves once it accepts connections.
   * Does nothing while it runs.
   */
  start(): Promise<void>;
  /** Kills it and removes its data folder. */
  dispose(): Promise<void>;
}

function findExecutable(name: string, dirs: string[]): string | undefined {
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

function serverCommand(port: number, dataDir: string): { bin: string; args: string[] } {
  const pathDirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const mongod = findExecutable('mongod', pathDirs);
  if (mongod) {
    return {
      bin: mongod,
      args: ['--dbpath', dataDir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'],
    };
  }
  const ferretdb = findExecutable('ferretdb', [
    path.join(findRepoRoot(), '.tools', 'bin'),
    ...pathDirs,
  ]);
  if (!ferretdb) {
    throw new Error(`The outage test needs a database server of its own.\n${NO_DATABASE_HELP}`);
  }
  mkdirSync(path.join(dataDir, 'state'), { recursive: true });
  return {
    bin: ferretdb,
    args: [
      '--handler=sqlite',
      `--sqlite-url=file:${dataDir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${path.join(dataDir, 'state')}`,
      '--telemetry=disable',
      '--debug-addr=-',
      '--log-level=error',
    ],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRestartableDatabase(): Promise<RestartableDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vanya-outage-db-'));
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const db: RestartableDatabase = {
    port,
    uri: `mongodb://127.0.0.1:${port}/vanya`,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return;
      const { bin, args } = serverCommand(port, dataDir);
      const logFd = openSync(logFile, 'a');
      const started = spawn(bin, args, { stdio: ['ignore', logFd, logFd] });
      closeSync(logFd);
      child = started;
      // Waits for the server, never longer than the hook or test around it allows.
      while (!(await accepts(port))) {
        if (started.exitCode !== null) {
          throw new Error(
            `${bin} exited during start-up (code ${started.exitCode}); see ${logFile}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
    async dispose() {
      await db.kill();
      process.removeListener('exit', killOnExit);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await db.start();
  return db;
}
