/**
 * A small strict XML reader for the export tests (no XML parser is a dependency of the server): elements, double- or
 * single-quoted attributes, text with the five predefined entities. It throws on anything not well formed that the
 * exporters could get wrong — an unclosed or mismatched tag, a raw `<` or `&` in text or an attribute, an unknown
 * entity, text outside the root — so a passing parse means the file is well formed.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), trimmed. */
  text: string;
  /** The first child element of that name. */
  find(name: string): XmlElement | undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`raw < in ${where}`);
  return raw.replace(/&([^;\s]*);?/g, (match, name: string) => {
    const value = ENTITIES[name];
    if (value === undefined || !match.endsWith(';')) throw new Error(`bad entity ${match} in ${where}`);
    return value;
  });
}

function element(name: string, attributes: Record<string, string>): XmlElement & { raw: string[] } {
  const children: XmlElement[] = [];
  return {
    name,
    attributes,
    children,
    text: '',
    raw: [],
    find: (child) => children.find((c) => c.name === child),
  };
}

export function parseXml(source: string): XmlElement {
  const body = source.replace(/^\uFEFF?<\?xml[^?]*\?>\s*/, '');
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  const stack: Array<ReturnType<typeof element>> = [];
  let root: XmlElement | undefined;
  let last = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const between = body.slice(last, match.index);
    const parent = stack[stack.length - 1];
    if (parent) parent.raw.push(decode(between, `<${parent.name}>`));
    else if (between.trim()) throw new Error(`text outside the root: ${between.slice(0, 40)}`);
    last = tag.lastIndex;
    const [, closing, name = '', attributeText = '', selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      open.text = open.raw.join('').trim();
      continue;
    }
    if (!parent && root) throw new Error('a second root element');
    const attributes: Record<string, string> = {};
    for (const a of attributeText.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[a[1] ?? ''] = decode(a[2] ?? a[3] ?? '', `attribute ${a[1] ?? ''}`);
    }
    const node = element(name, attributes);
    if (parent) parent.children.push(node);
    else root = node;
    if (!selfClosing) stack.push(node);
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1]?.name ?? ''}> is never closed`);
  if (body.slice(last).trim()) throw new Error('text after the root element');
  if (!root) throw new Error('no root element');
  return root;
}
