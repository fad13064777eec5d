// What a trial records of the options its call handed over and what became of them:
// written by worker/record-reach.ts, weighed by judge/calibration.ts. Its schema is the `reach`
// of schemas/observations.schema.json.

/** The call's options a spawn's own options can carry on. */
export type Carried = 'signal' | 'timeout' | 'killSignal' | 'detached' | 'shell' | 'stdin' | 'cwd' | 'ipc' | 'maxBuffer';

/** The options a call handed over, by name; a timeout by value, NaN and Infinity by name. */
export interface HandedNames {
  signal: boolean;
  timeout: number | string | null;
  killSignal: string | null;
  detached: boolean;
  shell: boolean;
  stdin: boolean;
  /** The case names a working directory of its own. */
  cwd: boolean;
  ipc: boolean;
  maxBuffer: number | null;
  stopSignal: string | null;
}

/** What the target made of the options it was handed; absent before it was kept. */
export interface Reach {
  /** What the call handed over; all after the kill signal absent in reports made before they were kept. */
  handed: Partial<HandedNames> & Pick<HandedNames, 'signal' | 'timeout' | 'killSignal'>;
  /** The working directory handed over, as a fixture's record names it (`<trial>`); absent before it was kept. */
  cwd?: string;
  /** What it used of the signal it was handed, in order; null when it was handed none. */
  signalUses: string[] | null;
  /** The delays of the timers it made while the call ran; null where timers cannot be seen. */
  timerDelays: number[] | null;
}
