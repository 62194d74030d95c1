#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON shapes of the pantry, for `basket pantry … --json`, `recipe coverage --json`,
/// `checkin --json` and the web API. Every key is always present (null when unknown).
public enum PantryJSON {
  /// An amount: `{"amount", "unit", "text"}` (`unit` null for a plain count).
  public struct Amount: Encodable, Equatable, Sendable {
    public var amount: Double
    @Nullable public var unit: String? = nil
    public var text: String

    public init(_ quantity: IngredientQuantity) {
      amount = quantity.amount
      unit = quantity.unit?.id
      text = KitchenAmountFormat.text(quantity)
    }

    public init(_ amount: ItemAmount) {
      self.amount = amount.amount
      unit = amount.unit?.id
      text = amount.text
    }
  }

  public struct Entry: Encodable, Equatable, Sendable {
    public var id: String
    public var name: String
    /// The emoji the list would give the name.
    public var emoji: String
    @Nullable public var barcode: String? = nil
    @Nullable public var barcodeFormat: String? = nil
    public var packages: Int
    /// What the packages count, when the household said: "thing" ("3 onions") or a unit id
    /// ("can"); null for packages.
    @Nullable public var countedAs: String? = nil
    @Nullable public var packageSize: Amount? = nil
    @Nullable public var left: Amount? = nil
    /// What is at home: `left`, or the packages times their size.
    @Nullable public var onHand: Amount? = nil
    public var usedUp: Bool
    /// As the list shows it: "2 × 1 l, 1.5 l left".
    public var stock: String
    @Nullable public var note: String? = nil
    public var updatedAt: String

    public init(_ entry: PantryEntry) {
      id = entry.id.uuidString.lowercased()
      name = entry.name
      emoji = EmojiClassifier.shared.classify(entry.name).emoji
      barcode = entry.barcode?.digits
      barcodeFormat = entry.barcode?.format.rawValue
      packages = entry.packages
      countedAs = entry.counting?.id
      packageSize = entry.packageSize.map(Amount.init)
      left = entry.left.map(Amount.init)
      onHand = entry.onHand.map(Amount.init)
      usedUp = entry.isUsedUp
      stock = entry.stockText
      note = entry.note
      updatedAt = ISO8601.string(entry.updatedAt)
    }
  }

  /// A check-in offer: `{"id", "name", "amount", "packages", "packageSize", "amountText",
  /// "recipes", "checkedAt", "state", "joins"}` (`amountText`: what comes home, "5 × 400 g";
  /// `joins`: the pantry entry it would add to, or null for a new one).
  public struct Offer: Encodable, Equatable, Sendable {
    public var id: String
    public var name: String
    @Nullable public var amount: Amount? = nil
    public var packages: Int
    @Nullable public var packageSize: Amount? = nil
    public var amountText: String
    public var recipes: [RecipeReference]
    public var checkedAt: String
    public var state: String
    @Nullable public var joins: String? = nil

    public init(_ offer: CheckinOffer, joins entry: PantryEntry?) {
      id = offer.id.uuidString.lowercased()
      name = offer.name
      amount = offer.amount.map(Amount.init)
      packages = offer.packages
      packageSize = offer.packageSize.map(Amount.init)
      amountText = offer.amountText
      recipes = offer.recipes
      checkedAt = ISO8601.string(offer.checkedAt)
      state = offer.state.rawValue
      joins = entry?.name
    }
  }

  /// A recipe's coverage: `{"recipe", "servings", "lines": [...]}`; each line
  /// `{"index", "text", "name", "need", "entry", "have", "status", "reason", "buy",
  /// "arithmetic", "override", "decision", "summary", "headline", "decisionText", "choices":
  /// [{"override": null | "buyFull" | "skip", "label"}]}` (the screens show `headline`,
  /// `decisionText` and `choices` as they are).
  public struct Coverage: Encodable, Equatable, Sendable {
    public struct Line: Encodable, Equatable, Sendable {
      public var index: Int
      public var text: String
      public var name: String
      @Nullable public var need: Amount? = nil
      @Nullable public var entry: String? = nil
      @Nullable public var have: Amount? = nil
      /// "covered", "partlyCovered", "maybeCovered" or "notCovered".
      public var status: String
      /// Why a line is only maybe covered: "noAmountRecorded", "noAmountNeeded",
      /// "unitsDontMeet", "similarFood"; null otherwise.
      @Nullable public var reason: String? = nil
      /// What goes on the list: the remainder, the full amount, or null when nothing does
      /// (or the line states no amount).
      @Nullable public var buy: Amount? = nil
      @Nullable public var arithmetic: String? = nil
      @Nullable public var override: String? = nil
      /// "buyAll", "buyPart" or "skip".
      public var decision: String
      public var summary: String
      public var headline: String
      public var decisionText: String
      public var choices: [Choice]

      public struct Choice: Encodable, Equatable, Sendable {
        @Nullable public var override: String? = nil
        public var label: String
      }

      public init(_ line: PantryCoverage.Line) {
        index = line.index
        text = line.line.text
        name = line.line.name
        need = line.need.map(Amount.init)
        entry = line.entry?.name
        have = line.have.map(Amount.init)
        switch line.status {
        case .covered: status = "covered"
        case .partlyCovered: status = "partlyCovered"
        case .maybeCovered(let why):
          status = "maybeCovered"
          reason = why.rawValue
        case .notCovered: status = "notCovered"
        }
        switch line.decision {
        case .buyAll:
          decision = "buyAll"
          buy = line.need.map(Amount.init)
        case .buy(let amount):
          decision = "buyPart"
          buy = Amount(amount)
        case .skip:
          decision = "skip"
        }
        arithmetic = line.arithmetic
        override = line.override?.rawValue
        summary = line.summary
        headline = line.headline
        decisionText = line.decisionText
        choices = line.choices.map { Choice(override: $0.override?.rawValue, label: $0.label) }
      }
    }

    public var recipe: RecipeReference
    @Nullable public var servings: Int? = nil
    public var lines: [Line]

    public init(_ coverage: PantryCoverage) {
      recipe = RecipeReference(id: coverage.recipe.id, title: coverage.recipe.title)
      servings = coverage.servings
      lines = coverage.lines.filter { !$0.leftOut }.map(Line.init)
    }
  }

  /// "I cooked this" (`CookedPlan`) as the command line and the web app write it: `{"recipe",
  /// "servings", "lines": [{"index", "name", "action": "take" | "leave" | "notInPantry",
  /// "amount", "usesUp", "reason", "summary"}], "take": [{"entry", "amount", "usesUp"}],
  /// "applied", "entries"}` (`entries`: the pantry entries as they are after taking).
  public struct Cooked: Encodable, Sendable {
    public struct Line: Encodable, Sendable {
      public var index: Int
      public var name: String
      public var action: String
      @Nullable public var amount: Amount? = nil
      public var usesUp: Bool
      /// Why a line in the pantry is left as it is: "noAmountRecorded", "noAmountNeeded" or
      /// "unitsDontMeet"; null otherwise.
      @Nullable public var reason: String? = nil
      public var summary: String
    }

    public struct Take: Encodable, Sendable {
      public var entry: String
      public var amount: Amount
      public var usesUp: Bool
    }

    public var recipe: RecipeReference
    @Nullable public var servings: Int? = nil
    public var lines: [Line]
    public var take: [Take]
    public var applied: Bool
    public var entries: [Entry]

    public init(_ plan: CookedPlan, applied: Bool, results: [PantryUseResult]) {
      recipe = RecipeReference(id: plan.recipe.id, title: plan.recipe.title)
      servings = plan.servings
      lines = plan.lines.map { line in
        var amount: Amount?
        var action = "notInPantry"
        var reason: String?
        switch line.action {
        case .take(let taken): (action, amount) = ("take", Amount(taken))
        case .leave(let why): (action, reason) = ("leave", why.rawValue)
        case .notInPantry: break
        }
        return Line(
          index: line.index, name: line.entry?.name ?? line.line.name, action: action,
          amount: amount, usesUp: line.usesUp, reason: reason, summary: line.summary)
      }
      take = plan.lines.compactMap { line in
        guard case .take(let amount) = line.action, let entry = line.entry else { return nil }
        return Take(entry: entry.name, amount: Amount(amount), usesUp: line.usesUp)
      }
      self.applied = applied
      entries = results.map { Entry($0.entry) }
    }
  }
}
