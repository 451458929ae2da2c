/** Runs PostgreSQL's client tools (pg_dump, pg_restore, psql) as child processes. */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

/** A started tool and its end: `done` rejects with the tool's own error output. */
export interface RunningTool {
  child: ChildProcess;
  done: Promise<void>;
}

/** Most of a failing tool's stderr that an error message carries. */
const STDERR_KEPT = 4000;

/** Starts `command`; stderr is collected for the error message. */
export function startTool(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions = ['ignore', 'ignore', 'pipe'],
): RunningTool {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new Error(`${command} is not installed: apt-get install postgresql-client`)
          : err,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${code ?? signal}): ${stderr.trim()}`));
    });
  });
  return { child, done };
}

/** Runs `command` to its end. */
export function runTool(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return startTool(command, args, env).done;
}
