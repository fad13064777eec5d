import fs from 'node:fs';
import { PACKAGE_JSON } from './paths.ts';

const pkg = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };

export const TOOL_VERSION: string = pkg.version;

/**
 * The version of what facts and outcomes mean, as cases/INTERPRETING.md states it. Bump
 * it whenever the same observations would be read differently, so that a fact that
 * differs between two reports can be told apart from a target that changed.
 *   1: a process counts as exited once it is a zombie or gone.
 *   2: a process that has entered the kernel's exit path (PF_EXITING) counts as exited.
 *   3: spawn.attempts and the descendant facts count the case's command and its
 *      processes only; a target's own helpers have facts of their own. error.isAbort no
 *      longer counts an error that says it is a timeout; error.isTimeout says so.
 *   4: facts child.stdinEnded and child.ipcOpenAtSettle; child.end is harness-killed for
 *      a child that logged its exit only after the watch ended.
 *   5: server cases, their facts (server.*) and clauses; a trial lists its kind's facts.
 *   6: the clause settles (a call that never settles breaks it); fact child.exitReported;
 *      a child behind a shell is reaped when its shell is and it is gone; error.reasonAt
 *      names a deeper place it found the reason; error.isTimeout can be message-only;
 *      every time on one clock.
 *   7: fact runner.leftovers and the clause leaves-nothing-running, which every client
 *      case holds; the clause signals-as-asked; escalates means its words (the child
 *      ended, by SIGKILL, before settlement); a call that never settled holds no clause
 *      but breaks settles, its other verdicts unknown; settled is crashed where an exception
 *      nobody could catch ended the caller before the call settled.
 */
export const SEMANTICS = 7;
