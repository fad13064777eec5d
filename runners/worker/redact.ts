// What the worker records names no path of this machine: the Node binary is `node`, the
// trial's private directory `<trial>`, childproof's fixture `<fixture>`. Reports are published and compared across
// machines; these paths say nothing about the target.

export function redactor(trialDir: string, fixture: string): (text: string) => string {
  const exec = process.execPath;
  return (text) => text.split(trialDir).join('<trial>').split(fixture).join('<fixture>').split(exec).join('node');
}
