/**
 * A reader for the block-style YAML subset deploy/compose.yaml is written in: mappings, sequences, flow sequences
 * of scalars, quoted and plain scalars, `|` block scalars, comments, anchors, aliases and `<<` merge keys. Every
 * scalar stays a string (`true` reads as 'true'). Anything outside that subset is an error naming the line, so a
 * file this reads is one a full YAML parser reads the same way. (No YAML library is among the dependencies, and
 * Docker Compose is not on every machine the tests run on.)
 */
export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };
export type YamlMapping = { [key: string]: YamlValue };

const MAPPING_ENTRY = /^([A-Za-z0-9_<][A-Za-z0-9_.<-]*):(?:\s+(.*))?$/;

class BlockYamlReader {
  private position = 0;
  private readonly anchors = new Map<string, YamlValue>();

  constructor(private readonly lines: string[]) {}

  read(): YamlValue {
    const value = this.node(0);
    if (this.nextLine() !== null) this.fail('unexpected indentation');
    return value;
  }

  private fail(problem: string): never {
    throw new Error(`YAML line ${this.position + 1}: ${problem}`);
  }

  /** The next line that holds content (blank and comment lines skipped), with its indentation. */
  private nextLine(): { indent: number; content: string } | null {
    while (this.position < this.lines.length) {
      const line = this.lines[this.position] ?? '';
      const content = line.trim();
      if (content !== '' && !content.startsWith('#')) {
        if (line.includes('\t')) this.fail('tabs are not YAML indentation');
        return { indent: line.length - line.trimStart().length, content };
      }
      this.position += 1;
    }
    return null;
  }

  private node(minIndent: number): YamlValue {
    const line = this.nextLine();
    if (line === null || line.indent < minIndent) this.fail('a nested block was expected');
    return line.content === '-' || line.content.startsWith('- ')
      ? this.sequence(line.indent)
      : this.mapping(line.indent);
  }

  private mapping(indent: number): YamlMapping {
    const entries: YamlMapping = {};
    const merged: YamlMapping[] = [];
    for (let line = this.nextLine(); line !== null && line.indent === indent; line = this.nextLine()) {
      const entry = MAPPING_ENTRY.exec(line.content);
      if (!entry) this.fail(`not a mapping entry: ${line.content}`);
      const [, key = '', rest = ''] = entry;
      this.position += 1;
      const value = this.value(withoutComment(rest), indent);
      if (key === '<<') {
        if (typeof value !== 'object' || Array.isArray(value)) this.fail('<< merges a mapping');
        merged.push(value);
      } else {
        if (key in entries) this.fail(`duplicate key ${key}`);
        entries[key] = value;
      }
    }
    // Keys written in the mapping win over merged ones, whatever their order.
    for (const source of merged) for (const [key, value] of Object.entries(source)) entries[key] ??= value;
    return entries;
  }

  private sequence(indent: number): YamlValue[] {
    const items: YamlValue[] = [];
    for (let line = this.nextLine(); line !== null && line.indent === indent; line = this.nextLine()) {
      if (line.content !== '-' && !line.content.startsWith('- ')) break;
      const rest = withoutComment(line.content.slice(1).trim());
      if (MAPPING_ENTRY.test(rest)) this.fail('mappings inside sequences are outside this subset');
      this.position += 1;
      items.push(this.value(rest, indent));
    }
    return items;
  }

  /** The value after `key:` or `-`: inline, a block scalar, an alias, or (when empty) the nested block. */
  private value(rest: string, parentIndent: number): YamlValue {
    const anchored = /^&([\w-]+)(?:\s+(.*))?$/.exec(rest);
    if (anchored) {
      const [, name = '', inline = ''] = anchored;
      const value = this.value(inline, parentIndent);
      this.anchors.set(name, value);
      return value;
    }
    if (rest.startsWith('*')) {
      const value = this.anchors.get(rest.slice(1));
      if (value === undefined) this.fail(`unknown alias ${rest}`);
      return value;
    }
    if (rest === '|') return this.blockScalar(parentIndent);
    if (rest === '') {
      const next = this.nextLine();
      // An empty value (`postgres-data:` under `volumes:`) reads as ''.
      return next === null || next.indent <= parentIndent ? '' : this.node(parentIndent + 1);
    }
    return this.inline(rest);
  }

  private blockScalar(parentIndent: number): string {
    const body: string[] = [];
    let indent: number | null = null;
    while (this.position < this.lines.length) {
      const line = this.lines[this.position] ?? '';
      const lineIndent = line.length - line.trimStart().length;
      if (line.trim() !== '') {
        if (lineIndent <= parentIndent) break;
        indent ??= lineIndent;
        if (lineIndent < indent) this.fail('block scalar lines must keep their indentation');
      }
      body.push(line.slice(indent ?? 0));
      this.position += 1;
    }
    while (body.length > 0 && (body.at(-1) ?? '').trim() === '') body.pop();
    return `${body.join('\n')}\n`;
  }

  private inline(text: string): YamlValue {
    if (text.startsWith('[')) {
      if (!text.endsWith(']')) this.fail('a flow sequence must end on its line');
      const inner = text.slice(1, -1).trim();
      return inner === '' ? [] : splitFlowItems(inner).map((item) => this.scalar(item.trim()));
    }
    return this.scalar(text);
  }

  private scalar(text: string): string {
    if (text.startsWith("'")) {
      if (!text.endsWith("'") || text.length < 2) this.fail('unterminated quoted scalar');
      return text.slice(1, -1).replaceAll("''", "'");
    }
    if (text.startsWith('"')) {
      if (!text.endsWith('"') || text.length < 2) this.fail('unterminated quoted scalar');
      const body = text.slice(1, -1);
      if (body.includes('\\')) this.fail('escapes in double-quoted scalars are outside this subset');
      return body;
    }
    if (/^[{&*!|>%@`]/.test(text)) this.fail(`outside this subset: ${text}`);
    return text;
  }
}

/** Drops a trailing ` # comment` that is outside quotes. */
function withoutComment(text: string): string {
  let quote: string | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '#' && (index === 0 || text[index - 1] === ' ')) {
      return text.slice(0, index).trim();
    }
  }
  return text.trim();
}

/** The items of a flow sequence's inside, split on the commas outside quotes. */
function splitFlowItems(inner: string): string[] {
  const items: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < inner.length; index += 1) {
    const char = inner[index];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === ',') {
      items.push(inner.slice(start, index));
      start = index + 1;
    }
  }
  items.push(inner.slice(start));
  return items;
}

export function readBlockYaml(text: string): YamlValue {
  return new BlockYamlReader(text.split(/\r?\n/)).read();
}
