// The words a game table needs beside the compiled Program, from the rules' declarations: zh/en names of ids the
// IR keeps without names (enum members such as phases and roles, zones, properties, options, modes — cards,
// generals and skills carry theirs in the Program; timing windows as `on:<id>`), and the rules' text phrases (what the table shows players:
// prompts, log lines, the words a game ends with). Built for /data/rules.json at build time and for the
// playground's own rules in its worker.
import type { Decl, SourceFile } from '../../../compiler/ast/nodes.ts';

export type Names = Record<string, [string, string]>;
/** A text as the rules write it → its Chinese and English wording. */
export type Texts = Record<string, [string, string]>;

export function tableWords(files: readonly SourceFile[]): { names: Names; texts: Texts } {
  const names: Names = {};
  const texts: Texts = {};
  const add = (n: { id: { name: string }; zh?: { name: string }; en?: string } | undefined) => {
    if (!n || names[n.id.name]) return;
    const zh = n.zh?.name,
      en = n.en;
    if (zh || en) names[n.id.name] = [zh ?? en ?? n.id.name, en ?? zh ?? n.id.name];
  };
  const walk = (decls: readonly Decl[], inVariant: boolean) => {
    for (const d of decls) {
      switch (d.kind) {
        case 'Variant': // what an option or a mode adds has names too (a variant's properties, zones, enums)
          walk(d.decls, true);
          break;
        case 'Skill':
        case 'Card':
        case 'General':
          // The Program names those of the base rules; a variant's own are named here.
          if (inVariant) add(d.names);
          break;
        case 'Enum':
          for (const m of d.members) add(m.names);
          break;
        case 'Option':
          add(d.names);
          for (const m of d.members ?? []) add(m.names);
          break;
        case 'Zone':
        case 'Property':
        case 'Mode':
          add(d.names);
          break;
        case 'Phrase':
          if (d.target.kind === 'Text' && !texts[d.target.value]) texts[d.target.value] = [d.text.zh, d.text.en];
          // A timing window as a question names it (which skill fires first, after whom takes damage): its
          // one-player wording, the player as anyone (`on:damaged` → 角色受到伤害后).
          if (d.target.kind === 'Window' && d.params?.length === 1 && !names[`on:${d.target.name.name}`]) {
            const anyone = (w: string, who: string) => w.replace(/\{[^}]*\}/g, who);
            names[`on:${d.target.name.name}`] = [anyone(d.text.zh, '角色'), anyone(d.text.en, 'a player')];
          }
          break;
      }
    }
  };
  for (const f of files) walk(f.decls, false);
  return { names, texts };
}
