// A report's verified code as an attestation's subjects: every pinned file of every probe
// the run verified, by git blob id and the SHA-256 of its bytes, each saying where its
// bytes come from, so that `verify --statement` can read them again. Pure.

import type { Report, ReportProbe } from '../model/report-types.ts';
import type { DigestSet, ResourceDescriptor, SubjectOrigin } from '../model/statement.ts';

export type Subject = ResourceDescriptor & { name: string; digest: DigestSet; annotations: SubjectOrigin & Record<string, unknown> };

/** A package URL (purl) with the file as its subpath: `pkg:npm/%40scope/name@1.0.0#lib/a.js`. */
export function packageUrl(pkg: string, file?: string): string {
  const at = pkg.lastIndexOf('@');
  const name = pkg.slice(0, at).replace(/^@/, '%40');
  return `pkg:npm/${name}@${pkg.slice(at + 1)}${file ? `#${file}` : ''}`;
}

function probeSubjects(p: ReportProbe): Subject[] {
  const v = p.verified;
  if (!v) return [];
  if (v.kind === 'builtin') {
    // The code of a builtin module is its runtime's: the binary whose SHA-256 was checked.
    const [runtime, release] = (v.runtime ?? `node ${v.node?.replace(/^v/, '')}`).split(' ');
    if (!v.nodeSha256) return [];
    return [{ name: runtime, digest: { sha256: v.nodeSha256 }, annotations: { probes: [p.name], pin: 'builtin', runtime, release } }];
  }
  const origin: Omit<SubjectOrigin, 'probes'> =
    v.kind === 'package' && v.package
      ? { pin: 'package', package: `${v.package.name}@${v.package.version}` }
      : v.kind === 'git'
        ? { pin: 'git', commit: v.commit }
        : { pin: 'files' };
  const own = v.files.map((f) => ({
    name: f.path,
    ...(origin.package ? { uri: packageUrl(origin.package, f.path) } : {}),
    digest: { gitBlob: f.blob, ...(f.sha256 ? { sha256: f.sha256 } : {}) },
    annotations: { probes: [p.name], ...origin },
  }));
  // A dependency's files were verified by blob id alone: the report keeps no other digest.
  const deps = p.identity.kind === 'package' ? (p.identity.dependencies ?? []) : [];
  const theirs = deps.flatMap((d) =>
    d.paths.map((f) => ({
      name: f.path,
      uri: packageUrl(`${d.name}@${d.version}`, f.path),
      digest: { gitBlob: f.blob },
      annotations: { probes: [p.name], pin: 'package' as const, package: `${d.name}@${d.version}` },
    })),
  );
  return [...own, ...theirs];
}

/** Every verified file once: a file two probes pin (a variant and its base) lists both. */
export function subjectsOf(report: Pick<Report, 'probes'>): Subject[] {
  const byKey = new Map<string, Subject>();
  for (const s of report.probes.flatMap(probeSubjects)) {
    const { probes, ...where } = s.annotations;
    const key = JSON.stringify([s.name, where, s.digest]);
    const known = byKey.get(key);
    if (known) known.annotations.probes = [...new Set([...known.annotations.probes, ...probes])];
    else byKey.set(key, s);
  }
  return [...byKey.values()];
}
