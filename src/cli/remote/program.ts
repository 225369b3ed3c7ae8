import { Command, CommanderError, Option } from 'commander';
import type { Likeness } from '../../client/node.js';
import { avatarLine, avatarText, createAvatar, type CreateFlags, exportParametersFrom, finishExport, take, timeoutMs } from './avatarCommands.js';
import { connect, defaultConfigPath, type ConnectionFlags } from './connection.js';
import { EXIT, exitCodeOf, UsageError } from './exitCodes.js';
import { Output } from './output.js';
import { LikenessError } from '../../client/index.js';

/** The commands that talk to a running server through likeness/client. */
export const REMOTE_COMMANDS = ['avatar', 'export', 'player', 'parameters'];

const collect = (value: string, previous: string[]) => [...previous, value];

interface Common extends ConnectionFlags {
  json?: boolean;
}

/** Runs one command with its client and output; errors become a message and an exit code. */
// Commander hands an action its arguments, then its options, then the command.
function action(run: (likeness: Likeness, output: Output, ...args: any[]) => Promise<void>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const flags = command.optsWithGlobals<Common>();
    const output = new Output(flags);
    try {
      const likeness = await connect(flags, process.env, (waitMs, status) => {
        if (!output.json) process.stderr.write(output.dim(`the server answered ${status}; asking again in ${Math.ceil(waitMs / 1000)} s\n`));
      });
      await run(likeness, output, ...args.slice(0, -2), command.opts());
    } catch (err) {
      output.error(describe(err));
      process.exitCode = exitCodeOf(err);
    }
  };
}

function describe(err: unknown): string {
  if (err instanceof LikenessError && Object.keys(err.fields).length > 0) {
    return `the server refused the request (${err.status}):\n${Object.entries(err.fields).map(([k, v]) => `  ${k}: ${v.join(' ')}`).join('\n')}`;
  }
  if (err instanceof LikenessError) return `${err.message}${err.status ? ` (${err.status})` : ''}`;
  return (err as Error).message ?? String(err);
}

const int = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number, got "${value}"`);
  return n;
};

export function remoteProgram(): Command {
  const program = new Command('likeness')
    .description('Likeness from a terminal: avatars, exports, players and parameters on a running server.')
    .addOption(new Option('--url <url>', 'the server (LIKENESS_URL, or "url" in the config file)').default(undefined, 'http://127.0.0.1:8080'))
    .option('--player <code>', 'client access as this player (X-PlayerUID; LIKENESS_PLAYER)')
    .option('--config <file>', `credentials and server as JSON {"url", "client_id", "client_secret", "player"} (LIKENESS_CONFIG; default ${defaultConfigPath()})`)
    .option('--json', 'print the answer as JSON on stdout, and nothing else there')
    .showHelpAfterError()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .exitOverride();

  const avatar = program.command('avatar').description('create, list, show and delete avatars');
  avatar
    .command('create <photo>')
    .description('make an avatar from a photo, show its progress, then export it and download the files')
    .requiredOption('--pipeline <pipeline>', 'animated_face, head_1.2, head_2.0, body_0.3 or persona_2.0')
    .option('--subtype <subtype>', "the pipeline's subtype (default: its first)")
    .option('--name <name>', 'the avatar\'s name (default: the photo\'s file name)')
    .option('--description <text>')
    .option('--param <path[=value]>', 'a computation parameter: category.group.name=value, or category.group.name for a list (repeatable)', collect, [])
    .option('--parameters <file>', 'computation parameters from a JSON file (--param goes over it)')
    .option('--export <format>', 'glb, gltf or fbx', 'glb')
    .option('--export-param <path=value>', 'an export parameter: format=glb, haircuts.list=side_part, lod=2 (repeatable)', collect, [])
    .option('--out <dir>', 'where to write the files', '.')
    .option('--no-download', 'stop when the avatar is Completed')
    .option('--timeout <seconds>', 'give up waiting after this long (exit 9)')
    .action(action((likeness, output, photo: string, flags: CreateFlags) => createAvatar(likeness, photo, flags, output)));

  avatar
    .command('list')
    .description('avatars, newest first')
    .option('--status <status>')
    .option('--pipeline <pipeline>')
    .option('--name <text>', 'names containing this')
    .option('--limit <n>', 'at most this many', int('--limit'))
    .action(
      action(async (likeness, output, flags: { status?: string; pipeline?: string; name?: string; limit?: number }) => {
        const avatars = await take(likeness.avatars({ status: flags.status, pipeline: flags.pipeline, name: flags.name }), flags.limit);
        output.result(avatars, () => (avatars.length ? avatars.map(avatarLine).join('\n') : output.dim('no avatars')));
      }),
    );

  avatar
    .command('get <code>')
    .description('one avatar')
    .action(action(async (likeness, output, code: string) => {
      const a = await likeness.getAvatar(code);
      output.result(a, () => avatarText(a, output));
    }));

  avatar
    .command('delete <code>')
    .description('delete an avatar and its files')
    .action(action(async (likeness, output, code: string) => {
      await likeness.deleteAvatar(code);
      output.result({ deleted: code }, () => `deleted avatar ${code}`);
    }));

  const exp = program.command('export').description('create, list and download exports');
  exp
    .command('create <avatar>')
    .description('export an avatar; with --out, wait for it and download the files')
    .option('--export <format>', 'glb, gltf or fbx')
    .option('--export-param <path=value>', 'an export parameter (repeatable)', collect, [])
    .option('--comment <text>')
    .option('--out <dir>', 'wait for the export and write its files here')
    .option('--timeout <seconds>', 'give up waiting after this long (exit 9)')
    .action(
      action(async (likeness, output, code: string, flags: { export?: string; exportParam: string[]; comment?: string; out?: string; timeout?: string }) => {
        const parameters = (await exportParametersFrom(flags)) ?? {};
        const created = await likeness.createExport(code, parameters as never, { comment: flags.comment });
        if (!flags.out) return output.result(created, () => `export ${created.code} ${created.status}`);
        const done = await finishExport(likeness, created, flags.out, output, timeoutMs(flags));
        output.result(done, () => [`export ${done.export.code} Completed`, 'wrote:', ...done.files.map((f) => `  ${f}`)].join('\n'));
      }),
    );

  exp
    .command('list <avatar>')
    .description("an avatar's exports")
    .action(action(async (likeness, output, code: string) => {
      const exports = await take(likeness.exports(code), undefined);
      output.result(exports, () => (exports.length ? exports.map((e) => [e.code, (e.status ?? '').padEnd(9), `${String(e.progress ?? 0).padStart(3)}%`, e.parameters?.format ?? '', e.created_on].join('  ')).join('\n') : output.dim('no exports')));
    }));

  exp
    .command('download <avatar> <export>')
    .description('wait for an export if it is not done, then write its files')
    .option('--out <dir>', 'where to write the files', '.')
    .option('--timeout <seconds>', 'give up waiting after this long (exit 9)')
    .action(action(async (likeness, output, avatarCode: string, exportCode: string, flags: { out: string; timeout?: string }) => {
      const current = await likeness.getExport(avatarCode, exportCode);
      const done = await finishExport(likeness, current, flags.out, output, timeoutMs(flags));
      output.result(done, () => ['wrote:', ...done.files.map((f) => `  ${f}`)].join('\n'));
    }));

  const player = program.command('player').description('register, list and delete players (developer access)');
  player
    .command('create')
    .option('--comment <text>')
    .action(action(async (likeness, output, flags: { comment?: string }) => {
      const p = await likeness.createPlayer({ comment: flags.comment });
      output.result(p, () => `player ${p.code}`);
    }));
  player
    .command('list')
    .option('--limit <n>', 'at most this many', int('--limit'))
    .action(action(async (likeness, output, flags: { limit?: number }) => {
      const players = await take(likeness.players(), flags.limit);
      output.result(players, () => (players.length ? players.map((p) => `${p.code}  ${p.created_on}  ${p.comment ?? ''}`).join('\n') : output.dim('no players')));
    }));
  player
    .command('delete <code>')
    .description('delete a player and every avatar it made')
    .action(action(async (likeness, output, code: string) => {
      await likeness.deletePlayer(code);
      output.result({ deleted: code }, () => `deleted player ${code}`);
    }));

  program
    .command('parameters <pipeline>')
    .description('the computation parameters your plan may send to a pipeline (or --default, or --export for export parameters)')
    .option('--subtype <subtype>')
    .option('--default', 'what applies when nothing is sent')
    .option('--export', 'export parameters instead')
    .action(action(async (likeness, output, pipeline: string, flags: { subtype?: string; default?: boolean; export?: boolean }) => {
      const which = flags.default ? 'default' : 'available';
      const listing = flags.export
        ? await likeness.exportParameters(pipeline as 'head_1.2', { subtype: flags.subtype, which })
        : await likeness.parameters(pipeline as 'head_1.2', { subtype: flags.subtype, which });
      output.result(listing, () => JSON.stringify(listing, null, 2));
    }));

  return program;
}

/** `likeness avatar|export|player|parameters …`; sets process.exitCode. */
export async function remoteCommand(argv: string[]): Promise<void> {
  const program = remoteProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version are not errors; the message was already written.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    process.stderr.write(`likeness: ${(err as Error).message}\n`);
    process.exitCode = exitCodeOf(err);
  }
}
