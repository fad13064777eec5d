// `childproof verify`: checks probes' identities and runs nothing.

import { parseSources, verifyProbes } from '../engine/prepare.ts';
import { runtimeFor } from '../identity/runtime.ts';
import { EXIT } from '../model/errors.ts';
import { parse, string, strings } from './args.ts';
import { chosenProbes } from './run.ts';

export function cmdVerify(args: string[]): number {
  const { values } = parse(args, {
    probe: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' },
  });
  const probes = chosenProbes(strings(values.probe));
  const sources = parseSources(strings(values.source), probes.map((p) => p.spec.name));
  for (const v of verifyProbes(probes, sources, runtimeFor(string(values.node)))) {
    const name = v.probe.spec.name.padEnd(24);
    if (v.status === 'unavailable') {
      process.stdout.write(`unavailable  ${name} ${v.reason}\n`);
      continue;
    }
    const w = v.verified;
    const what =
      w.kind === 'builtin'
        ? `${w.module} in node ${w.node} (binary sha256 ${w.nodeSha256})`
        : `${w.files.length} file(s) from ${w.source}${w.commit ? ` at ${w.commit}` : ''}${w.package ? ` of ${w.package.name}@${w.package.version}` : ''}`;
    process.stdout.write(`verified     ${name} ${w.kind}: ${what}\n`);
  }
  return EXIT.ok;
}
