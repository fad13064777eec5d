// Whether a function can start a process: a call of a spawn (Node's child_process, execa,
// tinyexec, Bun.spawn, `new Deno.Command`) in its body, or in the body of a function it
// calls, followed through the checker a few calls deep. A candidate that runs a command
// is ranked above one that parses it (identity/call-plan.ts). A declaration file has no
// body: null, it cannot tell.

import ts from 'typescript';

const SPAWNS = /^(spawn|spawnSync|exec|execSync|execFile|execFileSync|fork|execa|execaSync|execaCommand|execaNode|x|crossSpawn)$/;
const DEPTH = 5;

export function spawnReach(checker: ts.TypeChecker): (decl: ts.Declaration | undefined) => boolean | null {
  const memo = new Map<ts.Node, boolean>();
  const bodyOf = (decl: ts.Node): ts.Node | null => {
    if (ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl) || ts.isFunctionExpression(decl) || ts.isArrowFunction(decl) || ts.isConstructorDeclaration(decl)) return decl.body ?? null;
    if (ts.isVariableDeclaration(decl) && decl.initializer && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))) return decl.initializer.body;
    if (ts.isPropertyDeclaration(decl) && decl.initializer && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))) return decl.initializer.body;
    if (ts.isClassDeclaration(decl) || ts.isClassExpression(decl)) return decl;
    return null;
  };
  const reach = (decl: ts.Node, depth: number): boolean => {
    if (memo.has(decl)) return memo.get(decl)!;
    memo.set(decl, false);
    const body = bodyOf(decl);
    let found = false;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n)) {
        const callee = ts.isTaggedTemplateExpression(n) ? n.tag : n.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const whole = callee.getText();
        if (SPAWNS.test(name) || /^(Bun\.spawn|Deno\.Command)/.test(whole)) {
          found = true;
          return;
        }
        if (depth < DEPTH) {
          let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
          if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
          for (const d of symbol?.declarations ?? []) {
            if (!d.getSourceFile().isDeclarationFile && reach(d, depth + 1)) {
              found = true;
              return;
            }
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    if (body) visit(body);
    memo.set(decl, found);
    return found;
  };
  return (decl) => {
    if (!decl || decl.getSourceFile().isDeclarationFile) return null;
    return bodyOf(decl) ? reach(decl, 0) : null;
  };
}
