import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Import cycles, type-only imports included (the linter's no-cycle skips those): a cycle such as
// createDispatcher ⇄ openConnection makes two files one module in all but name.

const ROOTS = ['src-shared', 'src-main', 'src-renderer', 'src-node'];

function sourceFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('testing'))
    .map((file) => path.join(root, file));
}

function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.join(path.dirname(file), name))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].filter((candidate) => fs.existsSync(candidate)).slice(0, 1));
}

/** Every cycle found by a depth-first walk, as `a -> b -> a`. */
function findCycles(files: string[]): string[] {
  const graph = new Map(files.map((file) => [file, localImports(file)]));
  const done = new Set<string>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    const at = stack.indexOf(file);
    if (at >= 0) return void cycles.push([...stack.slice(at), file].join(' -> '));
    if (done.has(file)) return;
    stack.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    stack.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle made of type-only imports', () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), '.cache-cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport type B = typeof a;\n");
      expect(findCycles(sourceFiles(dir))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(ROOTS)('%s has none', (root) => {
    expect(findCycles(sourceFiles(root))).toEqual([]);
  });
});
