// `childproof pin`: prints a ready identity block for probe.json.

import { pinFiles, pinGit, pinPackage } from '../identity/pin.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { parse, string, strings, USAGE } from './args.ts';

export function cmdPin(args: string[]): number {
  const { values } = parse(args, {
    file: { type: 'string', multiple: true },
    root: { type: 'string' },
    checkout: { type: 'string' },
    rev: { type: 'string' },
    path: { type: 'string', multiple: true },
    package: { type: 'string' },
  });
  const files = strings(values.file);
  const checkout = string(values.checkout);
  const pkg = string(values.package);
  if ([files.length, checkout, pkg].filter(Boolean).length !== 1) {
    throw new InputError([`pin takes exactly one of --file, --checkout or --package\n\n${USAGE}`]);
  }
  let identity;
  if (files.length) identity = pinFiles(files, string(values.root));
  else if (checkout) {
    const rev = string(values.rev);
    if (!rev) throw new InputError(['pin --checkout needs --rev']);
    identity = pinGit(checkout, rev, strings(values.path));
  } else identity = pinPackage(pkg!, process.cwd());
  process.stdout.write(`${JSON.stringify({ identity }, null, 2)}\n`);
  return EXIT.ok;
}
