import { describe, expect, it } from 'vitest';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const files = import.meta.glob<{ default: Json }>(['./locales/*/*.json', './locales/*/deferred/*.json'], {
  eager: true,
});

/** `a.b.0.c` → leaf string, for every leaf; arrays count by index so both languages keep the same structure. */
function leaves(value: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value))
    value.forEach((v, i) => leaves(v, `${prefix}.${i}`).forEach((s, k) => out.set(k, s)));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      leaves(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
  return out;
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

const byNamespace = new Map<string, Partial<Record<string, Map<string, string>>>>();
for (const [path, mod] of Object.entries(files)) {
  const match = /\.\/locales\/(\w+)\/(?:deferred\/)?([\w-]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const entry = byNamespace.get(match[2]) ?? {};
  entry[match[1]] = leaves(mod.default);
  byNamespace.set(match[2], entry);
}

describe('translations', () => {
  it('cover the namespaces of the shell', () => {
    expect([...byNamespace.keys()]).toEqual(
      expect.arrayContaining(['common', 'shell', 'search', 'public', 'legal']),
    );
  });

  for (const [namespace, { en, hi }] of byNamespace) {
    it(`${namespace}: English and Hindi have exactly the same keys and placeholders`, () => {
      expect(en, `${namespace} has no English file`).toBeDefined();
      expect(hi, `${namespace} has no Hindi file`).toBeDefined();
      if (!en || !hi) return;
      expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        expect(text.trim(), `${namespace}:${key} is empty`).not.toBe('');
        expect(placeholders(hi.get(key) ?? ''), `${namespace}:${key} placeholders`).toEqual(
          placeholders(text),
        );
      }
    });
  }

  it('Hindi is really Hindi (Devanagari) wherever English has words', () => {
    const devanagari = /[\u0900-\u097F]/;
    const untranslated: string[] = [];
    for (const [namespace, { en, hi }] of byNamespace) {
      for (const [key, text] of en ?? []) {
        const hindi = hi?.get(key) ?? '';
        // Keys whose text is only names, codes or placeholders (IMEI {{imei}}, Ctrl K, RFC …) stay as they are.
        const words = text.replace(/\{\{\s*\w+\s*\}\}/g, '');
        const isKeyName = /^(Ctrl|Alt|Shift|Enter|[A-Z0-9 ]+)( [A-Z0-9/]+)?$/.test(words.trim());
        const hasEnglishWords = !isKeyName && /[a-z]{3,}/.test(words);
        if (hasEnglishWords && !devanagari.test(hindi)) untranslated.push(`${namespace}:${key}`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});
