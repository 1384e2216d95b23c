/**
 * The README, the docs and the package READMEs refer only to files inside the repository: every
 * relative link points to a file or folder that exists in it (and, with `#anchor`, to a heading
 * of that file), and every relative path written in backticks that climbs out of its folder
 * (`../x`) still lands inside the repository. A clone has nothing outside it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(__dirname, '..');

/** Markdown files: the root README, CONTRIBUTING and SECURITY, docs/ (not node_modules) and every package README. */
function markdownFiles(): string[] {
  const out = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) out.push(path);
    }
  };
  walk('docs');
  for (const name of readdirSync(join(root, 'packages'))) {
    if (existsSync(join(root, 'packages', name, 'README.md'))) out.push(`packages/${name}/README.md`);
  }
  return out;
}

/** The text outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's anchor for a heading: link syntax and formatting dropped, lower case, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a markdown file offers (duplicates numbered as GitHub does). */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const insideRepo = (path: string) => path === root || path.startsWith(root + sep);

describe('docs: references stay inside the repository', () => {
  const files = markdownFiles();

  it('should check the README, the docs and every package README', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/guide.md', 'packages/core/README.md']));
  });

  it.each(files)('%s: every relative link points to an existing file in the repository (and heading)', (file) => {
    const problems: string[] = [];
    const text = prose(readFileSync(join(root, file), 'utf8'));
    for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const full = pathPart === '' ? join(root, file) : resolve(join(root, dirname(file)), decodeURIComponent(pathPart));
      if (!insideRepo(full)) problems.push(`${target}: outside the repository`);
      else if (!existsSync(full)) problems.push(`${target}: no such file`);
      else if (anchor !== undefined && statSync(full).isFile() && full.endsWith('.md') && !anchors(full).has(anchor)) {
        problems.push(`${target}: no heading #${anchor} in ${relative(root, full)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(files)('%s: every relative path in backticks that climbs out of its folder stays in the repository', (file) => {
    const problems: string[] = [];
    const text = prose(readFileSync(join(root, file), 'utf8'));
    for (const m of text.matchAll(/`(\.\.\/[^`\s]*)`/g)) {
      const full = resolve(join(root, dirname(file)), m[1]!);
      if (!insideRepo(full)) problems.push(`${m[1]}: outside the repository`);
    }
    expect(problems).toEqual([]);
  });

  it('should compute the anchors GitHub gives headings', () => {
    expect(slug('Differences from body-parser 2.x')).toBe('differences-from-body-parser-2x');
    expect(slug('The application (`app`)')).toBe('the-application-app');
    expect(slug('Routing — [router.md](router.md)')).toBe('routing--routermd');
  });
});
