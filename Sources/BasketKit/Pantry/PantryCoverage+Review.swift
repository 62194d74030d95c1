#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Basket {
  /// The Recipe Ready review of what `coverage` leaves to buy: each line as the recipe has it
  /// (scaled, alternative chosen), and what adding would now do with what the pantry leaves
  /// of it (a covered line is skipped, a partly covered one adds the rest). Writes nothing.
  public func review(_ coverage: PantryCoverage) throws -> RecipeReview {
    var review = try review(coverage.recipe, selection: coverage.selection)
    let (shopped, selection) = coverage.shopping()
    let planned = try self.review(shopped, selection: selection)
    let byIndex = Dictionary(planned.lines.map { ($0.index, $0.planned) }) { first, _ in first }
    for position in review.lines.indices {
      if let outcome = byIndex[review.lines[position].index] {
        review.lines[position].planned = outcome
      }
    }
    return review
  }
}
