/// What the reader has read so far, in small values grouped by what they say.
extension LineReader {
  /// The quantity read so far: the amount or its range and its unit, and what else the line
  /// says of how much (how big each is, the size of a pack, the same amount in other units).
  package struct Stated {
    package var amount: Double?
    package var maxAmount: Double?
    package var unit: KitchenUnit?
    package var size: String?
    package var packSize: IngredientQuantity?
    package var equivalents: [IngredientQuantity] = []
    /// The unit of an amount given without a number ("Several sprigs fresh thyme").
    package var vagueUnit: KitchenUnit?
    /// Whether "a" or "an" opened the line's amount ("a 500g tub yogurt" is one tub).
    package var countedByArticle = false
    /// Whether "each" followed the amount: the foods listed after it share it ("1 tsp each
    /// ground cumin, coriander and turmeric").
    package var amountForEach = false
    /// The first amount as written, when an added measure was counted into `amount`.
    package var firstAmount: Double?

    /// The amount with its range and unit, once there is an amount.
    var quantity: IngredientQuantity? {
      amount.map { IngredientQuantity(amount: $0, maxAmount: maxAmount, unit: unit) }
    }

    /// Whether the amount is more than any recipe asks for (past 100,000), so misread.
    var isImplausible: Bool {
      guard let amount else { return false }
      return amount > 100_000 || (maxAmount ?? 0) > 100_000
    }

    /// Takes `low`, or the range from `low` to `high`, in `unit` as the amount.
    mutating func take(_ low: Double, to high: Double?, in unit: KitchenUnit?) {
      amount = low
      maxAmount = high
      self.unit = unit
    }

    /// Makes `total` the amount once a measure added to it ("plus 2 tablespoons") was counted
    /// in, keeping the amount as first written.
    mutating func count(in total: Double) {
      firstAmount = firstAmount ?? amount
      amount = total
    }

    /// Adds `written` to the size: "large" and then "3-inch".
    mutating func addSize(_ written: String) {
      size = size.map { $0 + " " + written } ?? written
    }

    /// Takes the only measure given, when the line has no amount, unit or pack of its own, as
    /// its amount: "Maple syrup to taste (about 1 1/2 tablespoons)".
    mutating func takeOnlyEquivalent() {
      guard amount == nil, unit == nil, packSize == nil, !equivalents.isEmpty else { return }
      let only = equivalents.removeFirst()
      amount = only.amount
      maxAmount = only.maxAmount
      unit = only.unit
    }
  }

  /// What the line says besides the food and how much of it: notes, preparations and
  /// alternatives, and whether the food is optional or the reading in doubt.
  package struct Remarks {
    package var notes: [String] = []
    package var preparations: [String] = []
    package var alternatives: [String] = []
    package var optional = false
    package var uncertain = false

    /// The preparations, joined by commas; nil for none.
    var preparation: String? { Self.joined(preparations) }

    /// The notes, joined by commas; nil for none.
    var note: String? { Self.joined(notes) }

    private static func joined(_ parts: [String]) -> String? {
      let kept = parts.filter { !$0.isEmpty }
      return kept.isEmpty ? nil : kept.joined(separator: ", ")
    }
  }

  /// What the flag and the doubts about a reading look at, noted while reading.
  package struct Signals {
    /// The tokens of the name.
    package var namePositions: [Int] = []
    /// Where the words after the leading amount start.
    package var restStart = 0
    /// Whether an amount closed the line ("Flour 200 g").
    package var readTrailing = false
    /// The first tokens of segments after a comma read as notes without a word that opens one
    /// ("sugar and candied beads").
    package var plainNoteStarts: [Int] = []
    /// Whether a segment read as a preparation holds "other", as in "striped bass or other fish
    /// fillets": another food.
    package var otherFoodAsPreparation = false
    /// Whether what followed the first comma was joined to the name as a list ("Salt, white
    /// pepper, sugar and sea salt").
    package var mergedDescribingList = false
  }
}
