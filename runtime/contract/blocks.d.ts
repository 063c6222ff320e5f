// Generated from rules_py.view_blocks by `python -m runtime.build.declarations`: do not edit.

export type AnyBlock =
  | OutcomeBlock
  | LineBlock
  | NoteBlock
  | DiceBlock
  | FactsBlock
  | TableBlock
  | ChartBlock
  | ChoicesBlock
  | StepBlock
  | CopyBlock
  | FocusElementBlock
  | FilterRowsBlock;

/**
 * The headline of a result, coloured by its tone.
 */
export interface OutcomeBlock {
  type: "outcome";
  text: string;
  tone: Tone;
}

/**
 * One line of the result.
 */
export interface LineBlock {
  type: "line";
  text: string;
}

/**
 * A rules note: what the text says, or what this site chose where it is silent.
 */
export interface NoteBlock {
  type: "note";
  text: string;
}

/**
 * Dice as faces, each tag a class and spoken.
 */
export interface DiceBlock {
  type: "dice";
  label: string;
  dice: DieFace[];
}

/**
 * One die: its value, its sides, and tags such as "kept" or "dropped".
 */
export interface DieFace {
  value: number;
  sides: number;
  tags: string[];
}

/**
 * A definition list: `items` holds `[name, value]` pairs.
 */
export interface FactsBlock {
  type: "facts";
  items: string[][];
}

/**
 * A table of text cells; `highlight` is a row index, or None.
 */
export interface TableBlock {
  type: "table";
  caption: string;
  columns: string[];
  rows: string[][];
  highlight: number | null;
}

/**
 * The odds chart. `summary` is what a screen reader hears first;
 * `marks` (with any highlighted bar) says what the mark means.
 */
export interface ChartBlock {
  type: "chart";
  title: string;
  bars: ChartBar[];
  summary: string;
  marks?: string;
  mean?: string;
}

/**
 * One bar of the odds chart. `chance` is the full text ("60% (3/5)");
 * `percent` and `fraction` are its parts, apart so that a narrow
 * screen drops the fraction first. `width` runs from 0 to 1 against the
 * tallest bar. The `at_least` fields come with ordered results; a bar
 * that groups several results says what "or more" means (`at_least_label`).
 */
export interface ChartBar {
  label: string;
  chance: string;
  percent: string;
  fraction: string;
  width: number;
  highlight: boolean;
  at_least?: string;
  at_least_percent?: string;
  at_least_fraction?: string;
  at_least_label?: string;
}

/**
 * A group of buttons, each a follow-up request.
 */
export interface ChoicesBlock {
  type: "choices";
  prompt: string;
  options: ChoiceOption[];
}

/**
 * A button of a choices block: pressed, it sends the last request again
 * with `request`'s keys on top.
 */
export interface ChoiceOption {
  label: string;
  lines: string[];
  badge: string;
  selected: boolean;
  request: { [key: string]: unknown };
}

/**
 * What the player chooses now, drawn next to the fields that set it up.
 */
export interface StepBlock {
  type: "step";
  blocks: AnyBlock[];
}

/**
 * A text and a button that copies it.
 */
export interface CopyBlock {
  type: "copy";
  label: string;
  text: string;
}

/**
 * Marks an element of the page (by id) and offers to scroll to it.
 */
export interface FocusElementBlock {
  type: "focus_element";
  id: string;
}

/**
 * Shows only the listed rows (by id) of a table of the page.
 */
export interface FilterRowsBlock {
  type: "filter_rows";
  table: string;
  visible: string[];
}

export type Tone = "good" | "bad" | "neutral";
