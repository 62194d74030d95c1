/// How an item is usually measured, which picks its smart default unit.
public enum MeasureKind: String, Sendable, CaseIterable {
  /// Poured things (milk, juice, oil): millilitres and litres.
  case poured
  /// Weighed things (flour, cheese, mince): grams and kilograms.
  case weighed
  /// Counted things (eggs, lemons): plain units.
  case counted
}

#if !hasFeature(Embedded)
  extension MeasureKind: Codable {}
#endif
