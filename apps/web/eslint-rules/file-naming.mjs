// File naming in apps/web/src (see apps/web/README.md): a .tsx file whose main export is a React component is
// named after it in PascalCase; every other file is kebab-case, a hook file is use-<name> and exports use<Name>.
// Tests take the name of the file they test; route entries are pages/**/index.tsx.
import path from 'node:path';

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HOOK = /^use[A-Z]/;

const pascalOf = (kebab) => kebab.replace(/(?:^|-)([a-z0-9])/g, (_, letter) => letter.toUpperCase());
const camelOf = (kebab) => kebab.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());

function exportedNames(program) {
  const names = [];
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration' && node.declaration.id) names.push(node.declaration.id.name);
    if (node.type !== 'ExportNamedDeclaration') continue;
    const declaration = node.declaration;
    if (declaration?.type === 'VariableDeclaration') {
      for (const item of declaration.declarations)
        if (item.id.type === 'Identifier') names.push(item.id.name);
    } else if (declaration?.id) {
      names.push(declaration.id.name);
    }
    for (const specifier of node.specifiers) names.push(specifier.exported.name);
  }
  return names;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'PascalCase component files, kebab-case for everything else (apps/web/README.md)' },
    schema: [],
    messages: {
      badCase: '"{{name}}": file names are PascalCase (components) or kebab-case (everything else).',
      pascalNotTsx: '"{{name}}": a PascalCase file holds a component, so it is .tsx.',
      pascalWithoutComponent:
        '"{{name}}": a PascalCase file exports the component it is named after ({{stem}}).',
      hookInComponentFile: '"{{hook}}" is a hook: hooks live in use-*.ts files, not in component files.',
      componentNotPascal: '"{{name}}" exports {{component}}: name the file {{component}}.tsx.',
      hookFileWithoutHook: '"{{name}}": a use-* file exports {{hook}}.',
    },
  },
  create(context) {
    const name = path.basename(context.filename);
    const match = /^(.*?)(\.test)?(\.d)?\.(tsx?)$/.exec(name);
    if (!match) return {};
    const [, stem, test, , ext] = match;
    return {
      Program(program) {
        const report = (messageId, data = {}) =>
          context.report({ node: program, messageId, data: { name, stem, ...data } });
        if (PASCAL.test(stem)) {
          if (ext !== 'tsx') return report('pascalNotTsx');
          if (test) return undefined;
          const names = exportedNames(program);
          if (!names.includes(stem)) return report('pascalWithoutComponent');
          const hook = names.find((exported) => HOOK.test(exported));
          return hook ? report('hookInComponentFile', { hook }) : undefined;
        }
        if (!KEBAB.test(stem)) return report('badCase');
        if (test) return undefined;
        const names = exportedNames(program);
        if (ext === 'tsx' && names.includes(pascalOf(stem)))
          return report('componentNotPascal', { component: pascalOf(stem) });
        if (stem.startsWith('use-') && !names.includes(camelOf(stem)))
          return report('hookFileWithoutHook', { hook: camelOf(stem) });
        return undefined;
      },
    };
  },
};
