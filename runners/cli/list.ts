// `childproof list`: the probes, the mutants and the cases that ship.

import { EXIT } from '../model/errors.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { shippedProbesToRead } from '../model/load-probes.ts';
import { parse } from './args.ts';

function table(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `  ${a.padEnd(width)}  ${b}\n`).join('');
}

export function cmdList(args: string[]): number {
  parse(args, {});
  const cases = loadAllCases();
  const probes = shippedProbesToRead();
  process.stdout.write(`Probes:\n${table(probes.filter((p) => !p.spec.mutant).map((p) => [p.spec.name, p.spec.title]))}`);
  process.stdout.write(`Mutants of the reference:\n${table(probes.filter((p) => p.spec.mutant).map((p) => [p.spec.name, `breaks ${p.spec.mutant!.breaks}`]))}`);
  process.stdout.write(`Cases:\n${table(cases.map((c) => [c.spec.id, c.spec.title]))}`);
  return EXIT.ok;
}
