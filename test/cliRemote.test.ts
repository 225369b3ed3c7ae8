import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIXTURES } from './support/api.js';
import { CLI, freePort } from './support/process.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * `likeness avatar|export|player|parameters` as a person and a script use them: bin/likeness.js
 * spawned against a live server, once in tmux (a terminal: the progress bar is read from the pane)
 * and otherwise with stdout a pipe (--json, exit codes).
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the likeness CLI against a live server', () => {
  let server: TestServer;
  let env: Record<string, string>;
  let dir: string;

  /** The CLI with stdout a pipe, as a script runs it. */
  const likeness = (args: string[], extraEnv: Record<string, string> = env): Promise<Run> =>
    new Promise((resolve) => {
      execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', HOME: dir, ...extraEnv }, timeout: 240_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  before(async () => {
    server = await startTestServer({ workers: 1 });
    const { clientId, secret } = await server.client('enterprise');
    dir = await mkdtemp(join(tmpdir(), 'likeness-cli-'));
    env = { LIKENESS_URL: server.url, LIKENESS_CLIENT_ID: clientId, LIKENESS_CLIENT_SECRET: secret };
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  let avatarCode = '';

  test('in a terminal, avatar create shows a live progress bar, then downloads the export and says what it wrote', { skip: hasTmux() ? false : 'tmux is not installed', timeout: 300_000 }, async () => {
    const session = `likeness-cli-${process.pid}`;
    const out = join(dir, 'tmux-out');
    const done = join(dir, 'tmux-exit');
    // The credentials go through the environment of tmux's server, never on a command line.
    const command = `${process.execPath} ${CLI} avatar create ${join(FIXTURES, 'messi5.jpg')} --pipeline head_1.2 --subtype base/mobile --param model_info.plus.age --export glb --export-param blendshapes.list=mobile_51 --out ${out}; echo $? > ${done}; sleep 60`;
    execFileSync('tmux', ['-L', session, 'new-session', '-d', '-s', session, '-x', '120', '-y', '30', command], { env: { ...process.env, ...env, TERM: 'xterm-256color' } });
    const screens: string[] = [];
    try {
      const end = Date.now() + 240_000;
      while (!existsSync(done) && Date.now() < end) {
        screens.push(execFileSync('tmux', ['-L', session, 'capture-pane', '-p', '-t', session], { encoding: 'utf8' }));
        await new Promise((r) => setTimeout(r, 500));
      }
      screens.push(execFileSync('tmux', ['-L', session, 'capture-pane', '-p', '-t', session], { encoding: 'utf8' }));
    } finally {
      execFileSync('tmux', ['-L', session, 'kill-server']);
    }
    assert.equal((await readFile(done, 'utf8')).trim(), '0', screens.at(-1));
    // While it computed, the bar showed the status and a percentage between the ends.
    const bar = /avatar \|[█░]{30}\| (\d+)% (Queued|Computing)/;
    const midway = screens.map((s) => bar.exec(s)).filter((m) => m !== null);
    assert.ok(midway.length > 0, `a progress bar was seen: ${screens.at(-1)}`);
    assert.ok(midway.some((m) => Number(m[1]) > 0 && Number(m[1]) < 100), midway.map((m) => m[0]).join('\n'));
    const last = screens.at(-1)!;
    assert.match(last, /avatar \|█{30}\| 100% Completed/);
    assert.match(last, /export \|█{30}\| 100% Completed/);
    const code = /avatar ([0-9a-f-]{36}) Completed/.exec(last);
    assert.ok(code, last);
    avatarCode = code[1];
    assert.match(last, new RegExp(`wrote:\\n  ${out}/model\\.glb`));
    const glb = await readFile(join(out, 'model.glb'));
    assert.equal(glb.subarray(0, 4).toString('latin1'), 'glTF');
    assert.ok(glb.includes(Buffer.from('jawOpen')), 'the mobile_51 blendshapes asked for with --export-param are in the GLB');
  });

  test('with --json and stdout a pipe: one JSON answer on stdout, no bar, no colour', { timeout: 300_000 }, async () => {
    const out = join(dir, 'json-out');
    const run = await likeness(['avatar', 'create', join(FIXTURES, 'messi5.jpg'), '--pipeline', 'head_1.2', '--subtype', 'base/static', '--export', 'fbx', '--out', out, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout);
    assert.equal(run.stdout.trim().split('\n').length, 1);
    assert.equal(answer.avatar.status, 'Completed');
    assert.equal(answer.export.parameters.format, 'fbx');
    assert.ok(answer.files.some((f: string) => f.endsWith('.fbx')), answer.files);
    for (const f of answer.files) assert.ok(existsSync(f), f);
    assert.doesNotMatch(run.stdout + run.stderr, /\u001b\[|█/);
    avatarCode ||= answer.avatar.code;
  });

  test('without --json and stdout a pipe: progress as plain lines on stderr, the answer on stdout', async () => {
    const run = await likeness(['avatar', 'get', avatarCode]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^code +${avatarCode}$`, 'm'));
    assert.match(run.stdout, /^status +Completed$/m);
    assert.doesNotMatch(run.stdout, /\u001b\[/);
    const exportRun = await likeness(['export', 'create', avatarCode, '--export', 'gltf', '--out', join(dir, 'gltf')]);
    assert.equal(exportRun.code, 0, exportRun.stderr);
    assert.match(exportRun.stderr, /^export: (Queued|Computing) \d+%$/m);
    assert.match(exportRun.stderr, /^export: Completed 100%$/m);
    assert.match(exportRun.stdout, /wrote:\n {2}.*model\.gltf/);
  });

  test('avatar list, export list and download, player create, list and delete, parameters', async () => {
    const list = JSON.parse((await likeness(['avatar', 'list', '--json'])).stdout);
    assert.ok(list.some((a: { code: string }) => a.code === avatarCode));
    assert.equal(JSON.parse((await likeness(['avatar', 'list', '--limit', '1', '--json'])).stdout).length, 1);

    const exports = JSON.parse((await likeness(['export', 'list', avatarCode, '--json'])).stdout);
    assert.ok(exports.length >= 1);
    const download = await likeness(['export', 'download', avatarCode, exports[0].code, '--out', join(dir, 'again'), '--json']);
    assert.equal(download.code, 0, download.stderr);
    assert.deepEqual((await readdir(join(dir, 'again'))).sort(), JSON.parse(download.stdout).files.map((f: string) => f.slice(join(dir, 'again').length + 1)).sort());

    const player = JSON.parse((await likeness(['player', 'create', '--comment', 'from the CLI', '--json'])).stdout);
    assert.equal(player.comment, 'from the CLI');
    const players = JSON.parse((await likeness(['player', 'list', '--json'])).stdout);
    assert.deepEqual(players.map((p: { code: string }) => p.code), [player.code]);
    // --player: client access, which sees none of the developer's avatars.
    assert.deepEqual(JSON.parse((await likeness(['--player', player.code, 'avatar', 'list', '--json'])).stdout), []);
    assert.equal((await likeness(['player', 'delete', player.code])).code, 0);
    assert.deepEqual(JSON.parse((await likeness(['player', 'list', '--json'])).stdout), []);

    const available = JSON.parse((await likeness(['parameters', 'head_1.2', '--subtype', 'base/mobile', '--json'])).stdout);
    assert.ok(available.model_info.plus.includes('age'));
    const exportDefaults = JSON.parse((await likeness(['parameters', 'head_1.2', '--export', '--default', '--json'])).stdout);
    assert.equal(exportDefaults.format, 'gltf');
  });

  test('credentials from a config file', async () => {
    const config = join(dir, 'config.json');
    await writeFile(config, JSON.stringify({ url: server.url, client_id: env.LIKENESS_CLIENT_ID, client_secret: env.LIKENESS_CLIENT_SECRET }));
    const run = await likeness(['--config', config, 'avatar', 'get', avatarCode, '--json'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).code, avatarCode);
  });

  test('exit codes tell failures apart, and the message says why', async () => {
    const photo = join(FIXTURES, 'messi5.jpg');
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const cases: Array<[string, string[], Record<string, string>, number, RegExp]> = [
      ['no credentials', ['avatar', 'list'], { LIKENESS_URL: server.url }, 4, /no credentials: set LIKENESS_CLIENT_ID/],
      ['a wrong secret', ['avatar', 'list'], { ...env, LIKENESS_CLIENT_SECRET: 'wrong' }, 4, /Client authentication failed/],
      ['an avatar that does not exist', ['avatar', 'get', '00000000-0000-0000-0000-000000000000'], env, 6, /Not found/],
      ['an invalid subtype', ['avatar', 'create', photo, '--pipeline', 'head_1.2', '--subtype', 'base/huge'], env, 7, /pipeline_subtype: "base\/huge" is not a valid choice/],
      ['a misspelled parameter', ['avatar', 'create', photo, '--pipeline', 'head_1.2', '--param', 'model_info.plus.agee'], env, 7, /parameters: .*agee/],
      ['a photo without a face', ['avatar', 'create', join(FIXTURES, 'no-face-cat.png'), '--pipeline', 'head_1.2', '--subtype', 'base/static'], env, 8, /No face found in the photo\./],
      ['a photo that is not there', ['avatar', 'create', join(dir, 'none.jpg'), '--pipeline', 'head_1.2'], env, 2, /cannot read the photo/],
      ['a missing option', ['avatar', 'create', photo], env, 2, /required option '--pipeline/],
      ['an export format that does not exist', ['export', 'create', avatarCode, '--export', 'obj'], env, 2, /--export must be one of glb, gltf, fbx/],
      ['no server there', ['--url', nobody, 'avatar', 'list'], env, 9, new RegExp(`no answer from ${nobody}: ECONNREFUSED`)],
    ];
    for (const [what, args, caseEnv, code, message] of cases) {
      const run = await likeness(args, caseEnv);
      assert.equal(run.code, code, `${what}: ${run.stderr}`);
      assert.match(run.stderr, message, what);
      assert.equal(run.stdout, '', `${what}: nothing on stdout`);
    }
  });

  test('likeness serve and likeness client are still there', async () => {
    const help = await likeness(['--help']);
    assert.match(help.stdout, /likeness serve/);
    assert.match(help.stdout, /likeness avatar create PHOTO/);
  });
});
