import { spawn } from 'node:child_process';

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
