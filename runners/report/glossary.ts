// The words a newcomer meets on the findings page and in results/README.md, each defined
// once, in plain text, so the page and the Markdown say the same thing. Each term has an
// id the page links to where the word is used, on a phone as well as with a mouse.

interface Term {
  id: string;
  term: string;
  meaning: string;
}

export const GLOSSARY: Term[] = [
  { id: 'clause', term: 'clause', meaning: 'One part of the contract a careful library keeps when a call is aborted or times out, such as "no process of the call is left running" (no-orphans). Each is defined under "The clauses".' },
  { id: 'case', term: 'case', meaning: 'One declared child behaviour and trigger (a child that ignores SIGTERM, then an abort), with the facts a correct library makes true. A trial is one case run against one library on one runtime.' },
  { id: 'holds', term: 'holds', meaning: 'Every case that asserts the clause passed it on that runtime.' },
  { id: 'breaks', term: 'breaks', meaning: 'In the cases counted, what was true when the call settled contradicts the clause; for settles, the call never settled at all.' },
  { id: 'never-settled', term: 'never settled', meaning: 'The call\'s promise neither resolved nor rejected within the case\'s deadline: a failure, and never counted as a pass of any clause.' },
  { id: 'unknown', term: 'unknown / unobservable', meaning: 'No case broke the clause, but some could not show whether it held (a fact childproof could not observe there). Never counted as a pass. Where a call never settled, its clauses are unknown there, with the count ("never settled in 1 of 54"), the same word on the terminal, the pages and the Markdown.' },
  { id: 'not-covered', term: 'not covered', meaning: 'No case of the clause ran for that library on that runtime, with the reason: the library has no such option ("does not support detached"), it needs a newer runtime ("needs Node >=22"), or its source is not shipped ("--source").' },
  { id: 'source', term: '--source', meaning: 'A probe pinned to a git commit or to files childproof does not ship (the field note\'s REA helper) runs only when you give its checkout: `childproof run --probe NAME --source NAME=PATH`. Until then its cells say "not covered".' },
  { id: 'reference', term: 'reference (yardstick)', meaning: 'childproof\'s own implementation of the contract, run on every case like a library: it shows each case can be passed (but where it breaks a clause too, as the bottom line says), and is never counted as a finding.' },
  { id: 'called-with', term: 'called with', meaning: 'Options the probe passes on every call beside the case\'s own (execa10 passes killDescendants: true). A library\'s verdict holds for it called that way.' },
  { id: 'built-in', term: 'built in', meaning: 'The runtime\'s own API (Node\'s child_process, Bun.spawn, Deno.Command): its version is the runtime\'s release.' },
  { id: 'pin', term: 'files / git (a pin)', meaning: 'What was run, fixed by content: a package at a version, a git commit, or files named by their git blob hashes ("files 226d2fcbc6fd" is the first blob\'s). childproof checks every hash before it runs those bytes.' },
  { id: 'sweep', term: 'sweep', meaning: 'The same cases run on every release of a library (or of a runtime), to show in which release a fact changed. A sweep runs with the options its page names.' },
  { id: 'runtime', term: 'runtime', meaning: 'The JavaScript runtime and release the trials ran on (Node 24.19.0, Bun 1.4.5, Deno 2.9.6). Runtimes on which a library\'s verdict is the same share a row.' },
  { id: 'known', term: 'known divergence', meaning: 'A break its probe already explains (with the code it cites): the trial\'s outcome is known-fail, so a release gate passes, but the cell still says breaks.' },
];

/** The anchor of a term on the page. */
export const termId = (id: string) => `term-${id}`;
