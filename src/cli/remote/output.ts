import { styleText } from 'node:util';
import cliProgress from 'cli-progress';
import type { Progress } from '../../client/index.js';
import { EXIT } from './exitCodes.js';

/**
 * What a command shows. With --json, stdout holds the one JSON answer and nothing else. Progress
 * bars and colour only when stdout is a terminal (and colour not when NO_COLOR is set); otherwise
 * progress goes to stderr as plain lines, one per change.
 */
export class Output {
  readonly json: boolean;
  readonly tty: boolean;
  readonly colour: boolean;

  constructor(options: { json?: boolean }, stdout: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env) {
    this.json = Boolean(options.json);
    this.tty = Boolean(stdout.isTTY);
    this.colour = this.tty && !env.NO_COLOR && env.TERM !== 'dumb';
  }

  /** The command's answer: JSON with --json, else the text made by `human`. */
  result(value: unknown, human: () => string): void {
    process.stdout.write(this.json ? `${JSON.stringify(value)}\n` : `${human()}\n`);
  }

  error(text: string): void {
    process.stderr.write(`${this.colour ? styleText('red', 'likeness:') : 'likeness:'} ${text}\n`);
  }

  bold(text: string): string {
    return this.colour ? styleText('bold', text) : text;
  }

  dim(text: string): string {
    return this.colour ? styleText('dim', text) : text;
  }

  /** A live bar (terminal) or status lines (stderr, not with --json) for one wait. */
  progress(label: string): ProgressView {
    if (this.tty && !this.json) return new BarView(label);
    return new LineView(label, this.json);
  }
}

export interface ProgressView {
  update(p: Progress<unknown>): void;
  stop(): void;
}

class BarView implements ProgressView {
  readonly #bar = new cliProgress.SingleBar(
    { format: '{label} |{bar}| {percentage}% {status}', hideCursor: true, barsize: 30, stream: process.stdout, clearOnComplete: false, stopOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  #started = false;
  /** Ctrl-C while the bar hides the cursor: give the terminal back as it was. The work goes on on the server. */
  readonly #interrupt = () => {
    this.stop();
    process.stderr.write(`interrupted: the ${this.label} goes on on the server\n`);
    process.exit(EXIT.interrupted);
  };
  constructor(private readonly label: string) {}

  update(p: Progress<unknown>): void {
    const payload = { label: this.label, status: p.status };
    if (!this.#started) {
      this.#bar.start(100, p.progress, payload);
      this.#started = true;
      process.once('SIGINT', this.#interrupt);
    } else this.#bar.update(p.progress, payload);
  }

  stop(): void {
    if (!this.#started) return;
    this.#started = false;
    process.off('SIGINT', this.#interrupt);
    this.#bar.stop();
  }
}

class LineView implements ProgressView {
  constructor(
    private readonly label: string,
    private readonly quiet: boolean,
  ) {}

  update(p: Progress<unknown>): void {
    if (!this.quiet) process.stderr.write(`${this.label}: ${p.status} ${p.progress}%\n`);
  }

  stop(): void {}
}
