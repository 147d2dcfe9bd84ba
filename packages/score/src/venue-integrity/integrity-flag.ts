/** What a venue's tape can be flagged for, one per integrity test (docs/score-methodology.md §1). */
export type IntegrityFlag =
  | 'benford_misfit'
  | 'no_round_sizes'
  | 'paired_prints'
  | 'alternating_sides'
  | 'unclustered_sides'
  | 'scripted_bursts'
  | 'flow_moves_no_price'
  | 'matched_legs'
  | 'copied_tape'
  | 'prints_outside_quote'
  | 'thin_book_for_volume';
