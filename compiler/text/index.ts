// The text generator: a readable description of every card, skill, general, mode and core procedure, in Chinese
// and English, from the rules themselves and the phrasebooks (`phrase` declarations). See README.md.
export {
  generateTexts,
  generateTextsOf,
  describe,
  type RuleTexts,
  type EntityText,
  type EntityTexts,
} from './generate.ts';
export { textDiagnostics } from './missing.ts';
export { textProblems } from './validate.ts';
export type { Text } from './lang.ts';
