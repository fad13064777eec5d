// A publication's results transcribed beside the cases that replay it. Its schema is
// schemas/expectations.schema.json: the types generated from it (model/schema-types/) must agree with these both ways, or
// test/model/schema-types.unit.test.ts fails.

import type { FactName, FactValue } from './case.ts';

export interface Expectations {
  formatVersion: 1;
  kind: 'published-expectations';
  title: string;
  transcribedFrom: string;
  publication: { runtime: string; platform: string; commit?: string; blob?: string };
  probe: string;
  crossCheck?: string[];
  rows: Array<{ label: string; case: string; sha256: string; facts: Partial<Record<FactName, FactValue>> }>;
}
