import { spawn } from 'node:child_process';

/**
 * Runs a command with inherited output; rejects on a non-zero exit. With `output`, the command's
 * stdout and stderr go to that function instead (the rehearsal keeps them in its log file).
 */
export function run(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  output?: (text: string) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (output)
      for (const stream of [child.stdout, child.stderr])
        stream?.on('data', (d: Buffer) => output(d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
