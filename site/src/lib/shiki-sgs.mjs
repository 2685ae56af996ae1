// Shiki setup shared by the site's highlighting (highlight.ts) and Astro's markdown (astro.config.mjs):
// a theme whose "colours" are only keys, and a transformer that turns them into CSS classes (`tk-…`, styled in
// base.css). Pages then carry short class names instead of an inline style per token, and the palette lives in
// one stylesheet. The grammar itself is sgs.tmLanguage.json next to this file.

/** Token class → the TextMate scopes it colours. The first matching rule of a theme wins, as in any theme. */
const classes = [
  ['comment', ['comment']],
  ['str', ['string', 'constant.character.escape']],
  ['red', ['constant.other.card-face.red', 'constant.other.suit.red']],
  ['black', ['constant.other.card-face.black', 'constant.other.suit.black']],
  ['num', ['constant.numeric', 'constant.language']],
  ['decl', ['keyword.declaration']],
  ['window', ['entity.name.function.window']],
  ['hook', ['support.function.hook']],
  ['card', ['entity.name.type.card']],
  ['name', ['entity.name.type', 'entity.name.function']],
  ['zh', ['entity.name.tag.zh']],
  ['fn', ['entity.name.function.call']],
  ['mod', ['storage.modifier']],
  ['type', ['storage.type']],
  ['lang', ['variable.language']],
  ['kw', ['keyword.control', 'keyword.operator.word', 'keyword.other']],
  ['op', ['keyword.operator']],
  ['prop', ['variable.other.property']],
];

const hex = (i) => '#0000' + (i + 16).toString(16).padStart(2, '0');
const byHex = new Map(classes.map(([name], i) => [hex(i), 'tk-' + name]));
const FG = '#000001';
const BG = '#fffffe';

/** A Shiki theme: scope → key colour. */
export const sgsTheme = {
  name: 'sgs',
  type: 'light',
  fg: FG,
  bg: BG,
  colors: { 'editor.foreground': FG, 'editor.background': BG },
  tokenColors: [
    { settings: { foreground: FG, background: BG } },
    ...classes.map(([, scope], i) => ({ scope, settings: { foreground: hex(i) } })),
  ],
};

/** Replaces the theme's key colours by classes: `<span style="color:#000012">` → `<span class="tk-kw">`. */
export const classTransformer = {
  name: 'sgs-classes',
  pre(node) {
    delete node.properties.style;
    this.addClassToHast(node, 'code');
  },
  span(node) {
    const style = String(node.properties.style ?? '');
    const m = /color:(#[0-9a-fA-F]{6})/.exec(style);
    delete node.properties.style;
    const cls = m ? byHex.get(m[1].toLowerCase()) : undefined;
    if (cls) this.addClassToHast(node, cls);
  },
};
