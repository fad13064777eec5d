// How often one trial's path crosses from one folder of runners/ into another: the calls
// that run during a command (by default, one trial of `run`), in every process it starts
// (the runner, the supervisor, the trial's worker, the fixtures), each counted once as a
// caller and a callee in different folders. What ran comes from V8's precise coverage of
// every process (NODE_V8_COVERAGE); which call names which function comes from the
// TypeScript checker over the sources. A built bundle (the worker, the fixture, the
// supervisor, and the command line's own build, its entry and its chunks, which the runner
// runs from) is mapped back to its source files by the `// runners/...` lines esbuild
// writes at the start of each module.
//
//   node --import tsx bin/crossings.ts [--list] [--root CHECKOUT] [-- childproof arguments]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const argv = process.argv.slice(2);
// --root DIR measures another checkout (an earlier commit's, say) the same way.
const rootAt = argv.indexOf('--root');
const ROOT = rootAt >= 0 ? path.resolve(argv[rootAt + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNNERS = path.join(ROOT, 'runners');
// One trial of `make run`'s command: a report written (and its stream kept until then).
const DEFAULT_COMMAND = ['run', '--probe', 'reference', '--case', 'core/cooperative-abort', '--quiet', '--out', path.join(os.tmpdir(), `childproof-crossings-${process.pid}.json`)];

interface CoverageFunction {
  functionName: string;
  ranges: Array<{ startOffset: number; endOffset: number; count: number }>;
}

/** The module top level, which runs when the module is loaded. */
const TOP = '(module)';

const folderOf = (file: string) => path.relative(RUNNERS, file).split(path.sep)[0];

type Ran = Map<string, Set<string>>;

/** The program a process ran, told by the code it loaded. */
function programOf(ran: Ran): string {
  const folders = new Set([...ran.keys()].map(folderOf));
  for (const program of ['cli', 'worker', 'supervisor', 'fixture']) if (folders.has(program)) return program === 'cli' ? 'runner' : program;
  return 'other';
}

/** Runs the command with coverage on; returns, per process, the names of the functions that ran in each source file. */
function ranFunctions(command: string[]): Ran[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'childproof-crossings-'));
  try {
    const out = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'childproof.mjs'), ...command], {
      cwd: ROOT,
      env: { ...process.env, NODE_V8_COVERAGE: dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (out.status !== 0) throw new Error(`childproof ${command.join(' ')} exited ${out.status}`);
    const processes: Ran[] = [];
    for (const f of fs.readdirSync(dir)) {
      const ran: Ran = new Map();
      processes.push(ran);
      const note = (file: string, name: string) => {
        if (!ran.has(file)) ran.set(file, new Set([TOP]));
        ran.get(file)!.add(name);
      };
      const { result } = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { result: Array<{ url: string; functions: CoverageFunction[] }> };
      for (const script of result) {
        if (!script.url.startsWith('file:')) continue;
        const file = fileURLToPath(script.url);
        const ranHere = script.functions.filter((fn) => fn.ranges[0].count > 0 && fn.functionName);
        if (file.startsWith(`${RUNNERS}${path.sep}`)) {
          for (const fn of ranHere) note(file, fn.functionName);
        } else if (/childproof-(worker|fixture|supervisor|exports-check)-\w+\.[cm]js$|childproof-cli-\w+[/\\][^/\\]+\.m?js$/.test(file)) {
          const modules = bundleModules(fs.readFileSync(file, 'utf8'));
          for (const fn of ranHere) {
            const module = [...modules].reverse().find((m) => m.start <= fn.ranges[0].startOffset);
            // esbuild renames a function whose name another module also uses: foo2.
            if (module) note(module.file, fn.functionName.replace(/\d+$/, ''));
          }
        }
      }
    }
    return processes.filter((ran) => ran.size > 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (command === DEFAULT_COMMAND) fs.rmSync(DEFAULT_COMMAND.at(-1)!, { force: true });
  }
}

/** Where each source module starts in an esbuild bundle. */
function bundleModules(text: string): Array<{ start: number; file: string }> {
  const modules: Array<{ start: number; file: string }> = [];
  for (const m of text.matchAll(/^\/\/ (runners\/\S+\.(?:ts|mts|mjs|js))$/gm)) modules.push({ start: m.index!, file: path.join(ROOT, m[1]) });
  return modules;
}

/** The name V8 gives a function, for the declarations that have one. */
function nameOf(node: ts.Node): string | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parent) {
    const p = node.parent;
    if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name)) return p.name.text;
  }
  return null;
}

/** The named function a call sits in (a callback is its enclosing function's), or the module's top level. */
function enclosing(node: ts.Node): string {
  for (let n = node.parent; n; n = n.parent) {
    const name = nameOf(n);
    if (name) return name;
  }
  return TOP;
}

interface Crossing {
  from: string;
  to: string;
}

function crossings(program: ts.Program, ran: Ran): Crossing[] {
  const files = [...ran.keys()];
  const checker = program.getTypeChecker();
  const found = new Map<string, Crossing>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
        let symbol = checker.getSymbolAtLocation(callee);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
        const target = declaration?.getSourceFile().fileName;
        const caller = enclosing(node);
        if (target && target.startsWith(`${RUNNERS}/`) && folderOf(target) !== folderOf(file) && ran.get(file)!.has(caller) && ran.get(target)?.has(symbol!.name)) {
          const edge = { from: `${path.relative(RUNNERS, file)}:${caller}`, to: `${path.relative(RUNNERS, target)}:${symbol!.name}` };
          found.set(`${edge.from} ${edge.to}`, edge);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

const split = argv.indexOf('--');
const command = split >= 0 ? argv.slice(split + 1) : DEFAULT_COMMAND;
const processes = ranFunctions(command);
const sources = [...new Set(processes.flatMap((ran) => [...ran.keys()]))];
const program = ts.createProgram(sources, { allowJs: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowImportingTsExtensions: true, target: ts.ScriptTarget.ES2022 });
// Each program's calls, counted once however many of its processes made them (a trial
// may start several fixtures).
const byProgram = new Map<string, Map<string, Crossing>>();
for (const ran of processes) {
  const name = programOf(ran);
  if (!byProgram.has(name)) byProgram.set(name, new Map());
  for (const e of crossings(program, ran)) byProgram.get(name)!.set(`${e.from} ${e.to}`, e);
}
console.log(`childproof ${command.join(' ')}`);
let total = 0;
for (const [name, found] of [...byProgram].sort((a, b) => b[1].size - a[1].size)) {
  const edges = [...found.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  total += edges.length;
  const pairs = new Map<string, number>();
  for (const e of edges) {
    const key = `${e.from.split('/')[0]} -> ${e.to.split('/')[0]}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const intoEngine = edges.filter((e) => e.to.startsWith('engine/')).length;
  console.log(`\n${name}: ${edges.length} calls cross a folder${name === 'runner' ? `, ${intoEngine} of them into engine/` : ''}`);
  for (const [pair, n] of [...pairs].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(4)}  ${pair}`);
  if (argv.includes('--list')) for (const e of edges) console.log(`        ${e.from}  ->  ${e.to}`);
}
console.log(`\n${total} in all`);
