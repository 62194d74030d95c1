/// A pack a shop sells a food in: a bag (142 g), a carton (946 ml), a bunch.
public struct FoodPack: Equatable, Hashable, Sendable {
  /// The food's name in the table ("baby spinach").
  public var food: String
  /// The word a list shows, singular ("bag").
  public var word: String
  /// What one pack holds, in g, kg, ml or l; nil for a pack sold by the piece (a bunch, a head).
  public var size: IngredientQuantity?
  /// What one piece-sold pack typically weighs, in grams.
  public var eachGrams: Double?

  /// One pack in its family's base unit (g or ml), and that family.
  var measure: (amount: Double, family: KitchenUnit.Family) {
    if let size, let unit = size.unit { return (size.amount * unit.baseFactor, unit.family) }
    return (eachGrams ?? 0, .mass)
  }

  /// "1 bag (142 g)", "2 cartons (946 ml)", "1 bunch".
  public func text(count: Int) -> String {
    let word = count == 1 ? word : FoodPacks.words[word] ?? word
    return "\(count) \(word)" + (size.map { " (\(KitchenAmountFormat.text($0)))" } ?? "")
  }
}

/// What to buy of a food sold in packs for a need, and the need worked out in the pack's unit.
public struct PackPurchase: Equatable, Sendable {
  public var pack: FoodPack
  public var count: Int
  /// The need in the pack's unit when it was stated in another ("3 cups" ≈ 90 g); nil when
  /// it was stated in the pack's own unit, or could not be worked out (a pinch, one sprig).
  public var approximateNeed: ItemAmount?
  /// For a cooked food, the dry food bought ("white rice" for "cooked rice").
  public var dry: String?
  /// For a cooked food the region sells no dry pack of but sells canned, the canned food bought
  /// ("canned black beans" for "cooked black beans" in the UK).
  public var canned: String? = nil

  /// "1 bag (142 g)", "1 bag (454 g) white rice", "1 tin (400 g) canned black beans".
  public var text: String { pack.text(count: count) + ((dry ?? canned).map { " \($0)" } ?? "") }
}

/// Retail pack sizes per food, US and UK, and how much cooked food a measure of dry food makes,
/// so a recipe's volume or weight of something sold in packs is bought as packs. The rows are
/// generated from `Data/recipes/packs.tsv` and `cooked.tsv` by `Tools/recipes/packs.py`; see
/// `Data/recipes/PACKS.md` for the sources.
public enum FoodPacks {
  /// A pack's share of rounding slack: 946.35 ml of need is still one 946 ml carton.
  static let slack = 0.03
  /// Sprigs (or stems) of a herb to one of its packs or bunches.
  static let sprigsPerPack = 10.0
  /// A pinch, dash or splash, and volumes under this many millilitres a food's density can't
  /// weigh, are bought as one pack (a jar of cumin, a bottle of oil).
  static let smallVolumeMilliliters = 60.0

  /// The table's food for `name`, matched on its `NameKey`: the name or an alias, after
  /// dropping words that don't change what is bought ("fresh", "low-sodium", "organic"). Nil
  /// for a food the table doesn't sell ("dried parsley" is not "parsley").
  public static func food(_ name: String) -> String? {
    let key = NameKey.of(name)
    if let found = match(key, in: foods) { return found }
    // "basil leaves", "thyme sprigs": the herb itself.
    for tail in [" leaf", " sprig", " stalk", " stem"] where key.hasSuffix(tail) {
      return match(String(key.dropLast(tail.count)), in: foods)
    }
    return nil
  }

  /// The name a line is shopped for under: "cooked rice" for "4 cups rice, cooked" (the
  /// parser reads "cooked" as preparation), so the dry food it takes is bought; else its name.
  public static func shoppingName(_ line: IngredientLine) -> String {
    let preparation = (line.preparation ?? "").lowercased().split(whereSeparator: { !$0.isLetter })
    guard preparation.contains("cooked"), food(line.name) != nil,
      cooked("cooked " + line.name) != nil
    else { return line.name }
    return "cooked " + line.name
  }

  /// Whether `name` is a food the table sells in packs, or a cooked one made from such a food.
  public static func knows(_ name: String) -> Bool {
    food(name) != nil || cooked(name) != nil
  }

  /// The packs `food` (a table name) comes in where `region` shops, smallest first: the
  /// region's rows, else those that hold anywhere.
  public static func packs(_ food: String, region: ShopRegion) -> [FoodPack] {
    let rows = table[food] ?? []
    let own = rows.filter { $0.region == region.rawValue }
    return (own.isEmpty ? rows.filter { $0.region == "any" } : own).map(\.pack)
  }

  /// The dry food a cooked one is made from, and how much cooked food one measure of it makes
  /// (by volume, by weight); nil when `name` is not a cooked food the table knows.
  public static func cooked(_ name: String) -> (dry: String, perVolume: Double, perWeight: Double)?
  {
    let key = NameKey.of(name)
    if let found = match(key, in: cookedKeys), let row = cookedTable[found] { return row }
    var words = key.split(separator: " ").map(String.init)
    guard let at = words.firstIndex(of: "cooked") else { return nil }
    words.remove(at: at)
    guard let dry = match(words.joined(separator: " "), in: foods) else { return nil }
    return cookedTable.values.first { $0.dry == dry }
  }

  /// What to buy for `need` of the food `name` where `region` shops: whole packs of the
  /// table's food (or, for a cooked food, of the dry food it takes, or of its canned form where
  /// the region has tins of it but no dry pack), the need rounded up once.
  /// Of the food's pack sizes, the fewest packs that buy less than the need plus one of the
  /// smallest pack. Nil when the food isn't sold in packs there or the need can't be compared
  /// with a pack (a count, a large volume of a food of unknown density).
  public static func purchase(_ need: ItemAmount, name: String, region: ShopRegion)
    -> PackPurchase?
  {
    guard let unit = need.unit, need.packSize == nil else { return nil }
    var need = need
    var foodName = name
    var dry: String?
    var canned: String?
    if food(name) == nil, let cooked = cooked(name) {
      guard unit.family == .mass || unit.family == .volume else { return nil }
      if packs(cooked.dry, region: region).isEmpty, let tinned = food("canned " + cooked.dry),
        !packs(tinned, region: region).isEmpty
      {
        // NB: no dry pack where the household shops, but tins (UK black beans): canned beans
        // are cooked beans, so the cooked need is bought as tins, not turned into dry food.
        foodName = tinned
        canned = tinned
      } else {
        let ratio = unit.family == .mass ? cooked.perWeight : cooked.perVolume
        need = ItemAmount(
          amount: need.amount / ratio, maxAmount: need.maxAmount.map { $0 / ratio }, unit: unit)
        foodName = cooked.dry
        dry = cooked.dry
      }
    }
    guard let food = food(foodName) else { return nil }
    let packs = packs(food, region: region)
    let top = need.maxAmount ?? need.amount
    guard let smallest = packs.first else {
      // NB: sold in packs, only not sized for this region: a pinch or a spoonful is still one
      // of them, its size unsaid ("1 jar").
      let small =
        BuyingRules.smidgens.contains(unit.id)
        || (unit.family == .volume && top * unit.baseFactor < smallVolumeMilliliters)
      guard small, let other = table[food]?.first?.pack else { return nil }
      let unsized = FoodPack(food: food, word: other.word, size: nil, eachGrams: nil)
      return PackPurchase(pack: unsized, count: 1, dry: dry, canned: canned)
    }
    switch unit.family {
    case .count:
      if BuyingRules.smidgens.contains(unit.id) {
        return PackPurchase(pack: smallest, count: 1, dry: dry, canned: canned)
      }
      guard ["sprig", "stem"].contains(unit.id) else { return nil }
      let count = Int(max((top / sprigsPerPack).rounded(.up), 1))
      return PackPurchase(pack: smallest, count: count, dry: dry, canned: canned)
    case .length:
      return nil
    case .mass, .volume:
      break
    }
    var options: [(pack: FoodPack, count: Int, needed: Double)] = []
    for pack in packs {
      let (size, family) = pack.measure
      guard size > 0,
        let needed = inBase(top, unit, family: family, names: [foodName, name, food])
      else { continue }
      let count = Int(max((needed / size - slack).rounded(.up), 1))
      options.append((pack, count, needed))
    }
    guard let first = options.first else {
      // NB: a spoonful of a food of unknown density is still less than any pack of it.
      guard unit.family == .volume, top * unit.baseFactor < smallVolumeMilliliters else {
        return nil
      }
      return PackPurchase(pack: smallest, count: 1, dry: dry, canned: canned)
    }
    let spare = smallest.measure.amount * (1 + slack)
    let chosen =
      options.filter { Double($0.count) * $0.pack.measure.amount <= $0.needed + spare }
      .min { a, b in
        a.count != b.count
          ? a.count < b.count
          : Double(a.count) * a.pack.measure.amount < Double(b.count) * b.pack.measure.amount
      } ?? first
    let (_, family) = chosen.pack.measure
    // NB: "2 cups ≈ 473 ml" beside a 946 ml carton helps; "2 tbsp ≈ 30 ml" beside a bottle
    // doesn't, so a spoonful in the pack's own family is left as written.
    let spoonful = unit.family == family && top * unit.baseFactor < smallVolumeMilliliters
    let shown: ItemAmount? =
      (KitchenUnit.base(of: family) == unit || spoonful) && dry == nil
      ? nil
      : ItemAmount(
        amount: chosen.needed < 10 ? (chosen.needed * 10).rounded() / 10 : chosen.needed,
        unit: KitchenUnit.base(of: family))
    return PackPurchase(
      pack: chosen.pack, count: chosen.count, approximateNeed: shown, dry: dry, canned: canned)
  }

  /// `amount` of `unit` in the base unit of `family` (g or ml): directly within a family,
  /// across mass and volume through the first of `names` whose density is known.
  private static func inBase(
    _ amount: Double, _ unit: KitchenUnit, family: KitchenUnit.Family, names: [String]
  ) -> Double? {
    let base = KitchenUnit.base(of: family)
    if let direct = unit.convert(amount, to: base) { return direct }
    for name in names {
      if let crossed = FoodDensity.convert(amount, from: unit, to: base, food: name) {
        return crossed
      }
    }
    return nil
  }

  /// Words a recipe puts before a food that don't change what is bought.
  static let droppable: Set<String> = [
    "fresh", "freshly", "organic", "large", "small", "medium", "good", "quality", "best",
    "low", "sodium", "reduced", "fat", "lite", "light", "unsalted", "salted", "plain",
    "homemade", "store", "bought", "storebought", "packed", "loosely", "lightly", "firmly",
    "chopped", "sliced", "diced", "minced", "grated", "shredded", "crumbled", "finely",
    "roughly", "coarsely", "thinly", "whole", "raw", "uncooked", "dry", "baby", "young",
    "tender", "ripe", "cold", "warm", "hot", "boiling", "room", "temperature", "extra",
    "full", "natural", "pure", "unsweetened", "mild", "sharp", "mature", "italian", "flat",
    "leaf", "curly", "of", "a", "about", "additional", "more",
  ]

  /// The folded `key`'s entry in `keys`, dropping leading `droppable` words until one matches.
  private static func match(_ key: String, in keys: [String: String]) -> String? {
    var words = key.split(separator: " ")
    while !words.isEmpty {
      if let found = keys[words.joined(separator: " ")] { return found }
      guard droppable.contains(String(words[0])) else { return nil }
      words.removeFirst()
    }
    return nil
  }

  /// A generated row: food, region, pack word, size and unit, or weight of one piece.
  struct Row {
    var food: String
    var region: String
    var pack: FoodPack

    init(
      _ food: String, _ region: String, _ word: String, _ amount: Double?, _ unit: String?,
      _ eachGrams: Double?
    ) {
      self.food = food
      self.region = region
      let size = amount.flatMap { amount in
        unit.flatMap(KitchenUnit.init(id:)).map { IngredientQuantity(amount: amount, unit: $0) }
      }
      pack = FoodPack(food: food, word: word, size: size, eachGrams: eachGrams)
    }
  }

  /// Folded name or alias → the table's food.
  static let foods: [String: String] = {
    var map: [String: String] = [:]
    for (food, aliases) in aliases {
      for name in [food] + aliases where map[NameKey.of(name)] == nil {
        map[NameKey.of(name)] = food
      }
    }
    return map
  }()

  static let table: [String: [Row]] = Dictionary(grouping: rows, by: \.food)

  static let cookedTable: [String: (dry: String, perVolume: Double, perWeight: Double)] = {
    var map: [String: (dry: String, perVolume: Double, perWeight: Double)] = [:]
    for row in cookedRows where map[row.cooked] == nil {
      map[row.cooked] = (row.dry, row.perVolume, row.perWeight)
    }
    return map
  }()

  /// Folded cooked name → the cooked name in `cookedTable`.
  static let cookedKeys: [String: String] = Dictionary(
    cookedRows.map { (NameKey.of($0.cooked), $0.cooked) }, uniquingKeysWith: { first, _ in first })
}
