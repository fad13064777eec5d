// Code that ran without a pin: per probe, the modules its trials loaded that no pin covers
// (engine/unverified.ts records them), grouped by the package they belong to, with the
// version the resolved tree gives. Said once per probe on the terminal and the findings
// page, because a verdict is about the pinned bytes only when nothing else ran. Pure.

import type { ReportProbe, Report } from '../model/report-types.ts';

interface Unpinned {
  probe: string;
  /** How many modules no pin covers. */
  modules: number;
  /** Their packages, `name@version` when the resolved tree names one version of it;
   *  a module outside any node_modules is counted under `files`. */
  packages: string[];
  files: number;
}

/** The package a module path (as engine/unverified.ts displays it) belongs to, or null. */
export function packageOf(module: string): string | null {
  const parts = module.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const name = parts[at + 1].startsWith('@') ? parts.slice(at + 1, at + 3).join('/') : parts[at + 1];
  return name || null;
}

function withVersion(name: string, probe: ReportProbe): string {
  const versions = new Set((probe.verified?.tree ?? []).filter((t) => t.name === name).map((t) => t.version));
  return versions.size === 1 ? `${name}@${[...versions][0]}` : name;
}

export function unpinnedOf(probe: ReportProbe): Unpinned | null {
  const modules = probe.verified?.unverifiedModules ?? [];
  if (modules.length === 0) return null;
  const names = new Set<string>();
  let files = 0;
  for (const m of modules) {
    const name = packageOf(m);
    if (name) names.add(name);
    else files++;
  }
  return { probe: probe.name, modules: modules.length, packages: [...names].sort().map((n) => withVersion(n, probe)), files };
}

export function unpinnedProbes(report: Report): Unpinned[] {
  return report.probes.flatMap((p) => unpinnedOf(p) ?? []);
}

/** One sentence: how many modules, from which packages (the first `most`, then how many more). */
export function describeUnpinned(u: Unpinned, most = 8): string {
  const shown = u.packages.slice(0, most);
  const more = u.packages.length > most ? `, and ${u.packages.length - most} more` : '';
  const from = [
    ...(u.packages.length ? [`${u.packages.length === 1 ? 'package' : `${u.packages.length} packages`}: ${shown.join(', ')}${more}`] : []),
    ...(u.files ? [`${u.files} file${u.files === 1 ? '' : 's'} outside any package`] : []),
  ];
  return `${u.modules} loaded module${u.modules === 1 ? '' : 's'} no pin covers, from ${from.join(' and ')}`;
}
