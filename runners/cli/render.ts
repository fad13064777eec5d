// `childproof render REPORT... --format md|html|site|svg|junit|github|summary|badge [--trial PROBE:CASE]
// [--case FILE]... [--probe DIR]... [--heading-level N] [--out FILE]`: a report for people
// and for the tools they already read: Markdown for a write-up (headings from level N), a
// self-contained HTML page (linking the sweeps published beside it), a site of an index
// and a page per library (--out names its directory), one trial's timeline
// as SVG, JUnit XML for a CI's test view, GitHub workflow commands for annotations, a
// badge of one probe for a README. For github, `--case FILE` and `--probe DIR` name the
// user's own case files and probes, so annotations land on their lines; with
// GITHUB_STEP_SUMMARY set, the job summary (--format summary: the status, what changed,
// the rest folded) is appended to it too.

import fs from 'node:fs';
import path from 'node:path';
import { EXIT, InputError } from '../model/errors.ts';
import { display, errnoText, writeFileWhole } from '../model/files.ts';
import type { Report } from '../model/report-types.ts';
import { renderGithub } from '../report/formats/github.ts';
import { renderJobSummary } from '../report/formats/job-summary.ts';
import { renderJunit } from '../report/formats/junit.ts';
import { renderBadge } from '../report/formats/badge.ts';
import { renderHtml } from '../report/formats/html.ts';
import { renderSite } from '../report/formats/site.ts';
import { readChanges } from '../report/changes-file.ts';
import { sweepLinks } from '../report/sweep-links.ts';
import { renderMarkdown } from '../report/formats/markdown.ts';
import { renderTimeline } from '../report/formats/timeline-svg.ts';
import { readReport } from '../report/report-file.ts';
import { placesOf } from '../report/places.ts';
import { loadAllCases, selectCases } from '../model/load-cases.ts';
import { loadProbes, shippedProbesToRead } from '../model/load-probes.ts';
import { parse, positiveInt, string, strings } from './args.ts';
import { cannotWrite, checkOutput, makeDirectory } from '../model/output.ts';

/** The user's own case files and probe directories, named by --case and --probe; where the output goes. */
interface Own {
  cases: string[];
  probes: string[];
  out?: string;
  headingLevel?: number;
}

const FORMATS: Record<string, (reports: Report[], own: Own) => string> = {
  md: (reports, own) => renderMarkdown(reports, own.headingLevel),
  html: (reports, own) => renderHtml(reports, { sweeps: own.out ? sweepLinks(path.dirname(own.out)) : [] }),
  // One trial's timeline alone: --trial names it.
  svg: (reports) => renderTimeline(reports[0].trials[0]),
  junit: renderJunit,
  github: (reports, own) => renderGithub(reports, githubPlaces(own)),
  // One probe's clauses over every runtime, as a README badge.
  badge: renderBadge,
  // What a CI job's summary gets: the status, what changed, the rest folded.
  summary: renderJobSummary,
};
/** Every format --format takes: the one-text ones, and site, which writes many pages. */
const FORMAT_NAMES = [...Object.keys(FORMATS), 'site'];

/** The user's own case files and probe directories first, then what ships, for annotations. */
function githubPlaces(own: Own) {
  const all = loadAllCases();
  const cases = own.cases.length ? selectCases(all, own.cases) : [];
  return placesOf([...cases, ...all], [...(own.probes.length ? loadProbes(own.probes) : []), ...shippedProbesToRead()]);
}

/** Only the trial named PROBE:CASE; a report without it is left out. */
function onlyTrial(reports: Report[], spec: string): Report[] {
  const at = spec.indexOf(':');
  if (at <= 0) throw new InputError([`--trial expects PROBE:CASE, such as reference:core/pre-aborted, not "${spec}"`]);
  const [probe, id] = [spec.slice(0, at), spec.slice(at + 1)];
  const kept = reports
    .map((r) => ({ ...r, probes: r.probes.filter((p) => p.name === probe), trials: r.trials.filter((t) => t.probe === probe && t.case === id) }))
    .filter((r) => r.trials.length > 0);
  if (!kept.length) throw new InputError([`no trial ${probe} ${id} in the reports given`]);
  return kept;
}

/** A site's directory, made and proven writable before any report is read, as publish's --dir. */
function siteDirectory(out: string): void {
  if (fs.existsSync(out) && !fs.statSync(out).isDirectory()) throw new InputError([`--out ${display(out)}: is not a directory; --format site writes its pages into one`]);
  makeDirectory(out, '--out');
  const refused = cannotWrite(out);
  if (refused) throw new InputError([`--out ${display(out)}: no file can be made in it (${refused})`]);
}

/**
 * The index and a page per library, into the directory --out names: every page written
 * whole into a staging directory inside it first, then each moved into place, the index
 * last, so no index links to a page that was not written (a full disk stops it before
 * anything moves), and no half site is left.
 */
function writeSite(reports: Report[], out: string | undefined): number {
  if (!out) throw new InputError(['--format site writes many pages: name their directory with --out DIR']);
  const pages = renderSite(reports, { sweeps: sweepLinks(out), changes: readChanges(out) });
  const unwritten = (why: string) => new InputError([`--out ${display(out)}: the site could not be written (${why}); nothing of it was moved into place, and the pages there are as they were`]);
  let staging: string;
  try {
    staging = fs.mkdtempSync(path.join(out, '.site-'));
  } catch (err) {
    throw unwritten(errnoText(err as NodeJS.ErrnoException));
  }
  try {
    for (const page of pages) {
      try {
        fs.mkdirSync(path.dirname(path.join(staging, page.path)), { recursive: true });
        writeFileWhole(path.join(staging, page.path), page.text);
      } catch (err) {
        if (err instanceof InputError) throw unwritten(/\(([^)]+)\)/.exec(err.problems[0])?.[1] ?? err.problems[0]);
        throw unwritten(errnoText(err as NodeJS.ErrnoException));
      }
    }
    for (const page of [...pages.filter((p) => p.path !== 'index.html'), ...pages.filter((p) => p.path === 'index.html')]) {
      const into = path.join(out, page.path);
      try {
        fs.mkdirSync(path.dirname(into), { recursive: true });
        fs.renameSync(path.join(staging, page.path), into);
      } catch (err) {
        throw new InputError([`${display(into)}: cannot be written (${errnoText(err as NodeJS.ErrnoException)}); the index was left as it was`]);
      }
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  process.stderr.write(`childproof: site written to ${display(out)}: index.html, trials.js (the script the pages of trials share) and, per library, its page of trials and its badge (${pages.length} files in all)\n`);
  return EXIT.ok;
}

export function cmdRender(args: string[]): number {
  const { values, positionals } = parse(
    args,
    { format: { type: 'string' }, trial: { type: 'string' }, out: { type: 'string' }, case: { type: 'string', multiple: true }, probe: { type: 'string', multiple: true }, 'heading-level': { type: 'string' } },
    { min: 1, max: Infinity, what: 'render takes one or more report files' },
  );
  const format = string(values.format);
  if (!format || !FORMAT_NAMES.includes(format)) throw new InputError([`--format expects one of ${FORMAT_NAMES.join(', ')}${format ? `, not "${format}"` : ''}`]);
  const out = string(values.out);
  if (out !== undefined && format !== 'site') checkOutput(out, '--out', [...positionals, ...strings(values.case)]);
  if (out !== undefined && format === 'site') siteDirectory(out);
  let reports = positionals.map((file) => readReport(file));
  const trial = string(values.trial);
  if (trial) reports = onlyTrial(reports, trial);
  else if (format === 'svg') throw new InputError(['--format svg draws one trial: name it with --trial PROBE:CASE']);
  // Trials take the level below a probe's, and Markdown has six.
  const level = values['heading-level'] === undefined ? undefined : positiveInt(values['heading-level'], 'heading-level', 2, 5);
  if (format === 'site') return writeSite(reports, out);
  const text = FORMATS[format](reports, { cases: strings(values.case), probes: strings(values.probe), out, headingLevel: level });
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (format === 'github' && summary) {
    // Appended, as GitHub asks; a summary that cannot take it (a full disk) is named, exit 2.
    try {
      fs.appendFileSync(summary, `${renderJobSummary(reports)}\n`);
    } catch (err) {
      throw new InputError([`GITHUB_STEP_SUMMARY ${display(summary)}: cannot be written (${errnoText(err as NodeJS.ErrnoException)})`]);
    }
  }
  if (out) {
    writeFileWhole(out, text);
    process.stderr.write(`childproof: ${format} written to ${display(out)}\n`);
  } else process.stdout.write(text);
  return EXIT.ok;
}
