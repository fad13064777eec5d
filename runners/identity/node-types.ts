// A stand-in for the part of @types/node that says which options Node's child_process
// takes, so that a package's declarations that name them (`options?: SpawnOptions`) can be
// read where @types/node is not installed. Only the option keys matter: an adapter needs
// to know where `signal`, `timeout` and `killSignal` go. Ambient module declarations are
// found before node_modules, so this is what the checker reads for these two names. It is
// a script, not a module (no import or export of its own), or these would be augmentations.

export const NODE_TYPES_FILE = '/__childproof_node_types__.d.ts';

const COMMON = `cwd?: string | URL; env?: Record<string, string | undefined>; argv0?: string; uid?: number; gid?: number;
  timeout?: number; signal?: AbortSignal; killSignal?: string | number; windowsHide?: boolean; serialization?: string;`;

export const NODE_TYPES = `
interface AbortSignal { readonly aborted: boolean; readonly reason: unknown }
interface URL { readonly href: string }
declare module 'node:child_process' {
  export interface CommonOptions { ${COMMON} }
  export interface ProcessEnvOptions { cwd?: string | URL; env?: Record<string, string | undefined>; uid?: number; gid?: number }
  export interface CommonSpawnOptions extends CommonOptions { stdio?: unknown; shell?: boolean | string; windowsVerbatimArguments?: boolean }
  export interface SpawnOptions extends CommonSpawnOptions { detached?: boolean }
  export interface SpawnOptionsWithoutStdio extends SpawnOptions {}
  export interface SpawnOptionsWithStdioTuple<A = unknown, B = unknown, C = unknown> extends SpawnOptions {}
  export interface SpawnSyncOptions extends CommonSpawnOptions { input?: unknown; maxBuffer?: number; encoding?: string }
  export interface ExecOptions extends CommonOptions { shell?: string; maxBuffer?: number }
  export interface ExecOptionsWithStringEncoding extends ExecOptions { encoding?: string }
  export interface ExecFileOptions extends CommonOptions { maxBuffer?: number; shell?: boolean | string; windowsVerbatimArguments?: boolean }
  export interface ExecFileOptionsWithStringEncoding extends ExecFileOptions { encoding?: string }
  export interface ExecSyncOptions extends CommonOptions { input?: unknown; stdio?: unknown; shell?: string; maxBuffer?: number; encoding?: string }
  export interface ExecFileSyncOptions extends CommonOptions { input?: unknown; stdio?: unknown; maxBuffer?: number; encoding?: string; shell?: boolean | string }
  export interface ForkOptions extends CommonOptions { execPath?: string; execArgv?: string[]; silent?: boolean; stdio?: unknown; detached?: boolean }
  export class ChildProcess {
    readonly pid?: number;
    readonly stdout: { resume(): unknown } | null;
    readonly stderr: { resume(): unknown } | null;
    kill(signal?: string | number): boolean;
  }
  export function spawn(command: string, args?: readonly string[], options?: SpawnOptions): ChildProcess;
  export function fork(modulePath: string, args?: readonly string[], options?: ForkOptions): ChildProcess;
}
declare module 'child_process' {
  export * from 'node:child_process';
}
`;
