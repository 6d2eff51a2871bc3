import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

// What a user of the published package gets: `npm run build` output, loaded through the
// package's own exports map with plain node (no tsx), including the protobufjs-generated JS.
describe('the built package', () => {
  it('builds, and both entry points load from dist with plain node', { timeout: 120_000 }, () => {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'pipe' });
    const script = `
      const root = await import('rclts');
      const vr = await import('rclts/vrobots');
      const ex = await root.Executor.create({});
      if (!ex.ok) throw new Error('executor: ' + ex.error.message);
      await ex.value.shutdown();
      console.log(JSON.stringify({ root: typeof root.Executor.create, connect: typeof vr.VirtualRobot.connect, sim: typeof vr.startSimulator }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop() ?? '{}')).toEqual({
      root: 'function',
      connect: 'function',
      sim: 'function',
    });
  });
});
