// `childproof replay FILE [--format text|md] [--out F]`: runs again what a report or a
// publication describes, and says row by row whether it reproduced; as Markdown, a
// section a writer can paste into a post.

import { parseSources } from '../engine/prepare.ts';
import { replayExpectations, replayReport } from '../engine/replay-run.ts';
import { runtimeFromFlags } from '../identity/runtime.ts';
import { EXIT, InputError } from '../model/errors.ts';
import type { Expectations } from '../model/expectations.ts';
import { display, readJson, writeFileWhole } from '../model/files.ts';
import { checkOutput } from '../model/output.ts';
import { validate } from '../model/schemas.ts';
import { readReport } from '../report/report-file.ts';
import { renderReplay, replayFailed } from '../report/replay-words.ts';
import { renderReplayMarkdown } from '../report/formats/replay-md.ts';
import { parse, positiveInt, string, strings } from './args.ts';
import { stopped, stoppedExit, stopSignal } from './stop.ts';

export async function cmdReplay(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    { probe: { type: 'string', multiple: true }, source: { type: 'string', multiple: true }, node: { type: 'string' }, runtime: { type: 'string' }, jobs: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
    { min: 1, max: 1, what: 'replay takes one report or published-expectations file' },
  );
  const file = positionals[0];
  const format = string(values.format) ?? 'text';
  if (!['text', 'md'].includes(format)) throw new InputError([`--format expects text or md, not "${format}"`]);
  const out = string(values.out);
  if (out !== undefined) checkOutput(out, '--out', positionals);
  const { data } = readJson(file);
  const expectations = (data as { kind?: unknown })?.kind === 'published-expectations' ? (data as Expectations) : null;
  if (expectations) {
    const problems = validate('expectations', data, file);
    if (problems.length) throw new InputError(problems);
  }
  const report = expectations ? null : readReport(file);
  const probeNames = strings(values.probe);
  const known = expectations ? [expectations.probe] : report!.probes.map((p) => p.name);
  const opts = {
    sources: parseSources(strings(values.source), [...known, ...probeNames]),
    probes: probeNames.length ? probeNames : undefined,
    jobs: values.jobs === undefined ? undefined : positiveInt(values.jobs, 'jobs', 1),
    runtime: runtimeFromFlags(values),
    stop: stopSignal(),
  };
  const replay = expectations ? await replayExpectations(expectations, opts) : await replayReport(report!, opts);
  if (stoppedExit() !== null) return stopped('the replay did not finish; nothing compared');
  // As it was run: the runtime and the implementations it asked for are part of what ran.
  const asked = [...(values.node !== undefined ? ['--node', String(values.node)] : []), ...(values.runtime !== undefined ? ['--runtime', String(values.runtime)] : []), ...probeNames.flatMap((p) => ['--probe', p])];
  const command = ['childproof replay', file, ...asked].join(' ');
  const text = format === 'md' ? renderReplayMarkdown(replay, command) : `${renderReplay(replay, command)}\n`;
  if (out) {
    writeFileWhole(out, text);
    process.stderr.write(`childproof: replay written to ${display(out)}\n`);
  } else process.stdout.write(text);
  // Exit 1 only when the target itself diverged: a cross-check's divergence informs.
  return replayFailed(replay) ? EXIT.notAsExpected : EXIT.ok;
}
