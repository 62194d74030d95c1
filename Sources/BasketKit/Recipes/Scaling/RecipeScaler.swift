/// An ingredient line after scaling, and whether its new amount deserves a second look.
public struct ScaledIngredient: Equatable, Sendable {
  public enum Flag: Equatable, Sendable {
    /// The line was uncertain to begin with, so its scaled amount may be wrong too.
    case uncertain
    /// Rounding to a kitchen amount moved it by more than a tenth ("0.2 eggs" → "½").
    case rounded
  }

  public var line: IngredientLine
  public var flag: Flag?
}

/// Scales recipes and lines to a number of servings, rounding each amount the way its unit is
/// measured in a kitchen: whole or half counts, quarter and third cups, quarter spoons, round
/// grams and millilitres. Ranges scale at both ends.
public enum RecipeScaler {
  /// `recipe` for `servings` servings; unchanged when its own servings are unknown.
  public static func scale(_ recipe: Recipe, toServings servings: Int) -> Recipe {
    guard let from = recipe.servings, from > 0, servings > 0, servings != from else {
      return recipe
    }
    let factor = Double(servings) / Double(from)
    var scaled = recipe
    scaled.servings = servings
    let noun = recipe.yields.flatMap(RecipeYield.read)?.noun
    scaled.yields = RecipeYield(count: servings, noun: noun).text  // "36 cookies" stays cookies
    scaleLines(of: &scaled, by: factor)
    return scaled
  }

  /// `recipe` scaled so it makes `amount` of its own yield ("36" of "24 cookies", "6" of
  /// "4 cups"); unchanged when it states no yield other than servings. Servings follow.
  public static func scale(_ recipe: Recipe, toYield amount: Double) -> Recipe {
    guard let yield = recipe.yield, yield.measure > 0, amount > 0, amount.isFinite,
      abs(amount - yield.measure) > 1e-9
    else { return recipe }
    return scale(recipe, by: amount / yield.measure)
  }

  /// `recipe` with every amount multiplied by `factor`; its yield and servings in their own
  /// words.
  public static func scale(_ recipe: Recipe, by factor: Double) -> Recipe {
    guard factor.isFinite, factor > 0, factor != 1 else { return recipe }
    var scaled = recipe
    let yield = recipe.yields.flatMap(RecipeYield.read)
    scaled.yields = yield?.scaled(by: factor).text ?? recipe.yields
    scaled.servings = recipe.servings.map { max(1, Int((Double($0) * factor).rounded())) }
    scaleLines(of: &scaled, by: factor)
    return scaled
  }

  /// Every ingredient line of `recipe` scaled by `factor`.
  private static func scaleLines(of recipe: inout Recipe, by factor: Double) {
    for group in recipe.ingredientGroups.indices {
      for line in recipe.ingredientGroups[group].ingredients.indices {
        let old = recipe.ingredientGroups[group].ingredients[line]
        recipe.ingredientGroups[group].ingredients[line] = scale(old, by: factor).line
      }
    }
  }

  /// `line` with every amount multiplied by `factor` and rounded for its unit. The pack size
  /// stays (a can is still 14 oz); how many cans changes.
  public static func scale(_ line: IngredientLine, by factor: Double) -> ScaledIngredient {
    guard factor.isFinite, factor > 0, var quantity = line.quantity else {
      return ScaledIngredient(line: line, flag: line.uncertain ? .uncertain : nil)
    }
    var scaled = line
    let exact = quantity.amount * factor
    quantity.amount = round(exact, unit: quantity.unit)
    quantity.maxAmount = quantity.maxAmount.map { round($0 * factor, unit: quantity.unit) }
    if let top = quantity.maxAmount, top <= quantity.amount { quantity.maxAmount = nil }
    scaled.quantity = quantity
    scaled.equivalents = line.equivalents.map { equivalent in
      var other = equivalent
      other.amount = round(equivalent.amount * factor, unit: equivalent.unit)
      other.maxAmount = equivalent.maxAmount.map { round($0 * factor, unit: equivalent.unit) }
      return other
    }
    var flag: ScaledIngredient.Flag?
    if line.uncertain {
      flag = .uncertain
    } else if exact > 0, abs(quantity.amount - exact) / exact > 0.1 {
      flag = .rounded
    }
    return ScaledIngredient(line: scaled, flag: flag)
  }

  /// `value` rounded to what a cook can measure in `unit`.
  public static func round(_ value: Double, unit: KitchenUnit?) -> Double {
    guard value.isFinite, value > 0 else { return 0 }
    guard let unit else { return countRounding(value) }
    switch unit.family {
    case .count:
      return countRounding(value)
    case .length:
      return max(0.5, (value * 2).rounded() / 2)
    case .mass, .volume:
      switch unit.id {
      case "g", "ml":
        let step: Double = value < 10 ? 1 : value < 100 ? 5 : value < 1000 ? 10 : 50
        return max(1, (value / step).rounded() * step)
      case "mg":
        return max(1, value.rounded())
      case "kg", "l", "cl", "dl":
        let step = value < 1 ? 0.05 : 0.1
        return max(step, (value / step).rounded() * step).tidy
      case "tsp", "tbsp", "metric tsp", "metric tbsp", "dessertspoon":
        let step = value < 0.5 ? 0.125 : 0.25
        return max(0.125, (value / step).rounded() * step)
      default:
        return kitchenFraction(value)
      }
    }
  }

  /// Counts: halves below three ("½ lemon", "1½ onions"), whole numbers from there.
  private static func countRounding(_ value: Double) -> Double {
    value < 3 ? max(0.5, (value * 2).rounded() / 2) : value.rounded()
  }

  /// The nearest whole plus ¼, ⅓, ½, ⅔ or ¾ (never below ⅛): cups, ounces, pints.
  private static func kitchenFraction(_ value: Double) -> Double {
    let whole = value.rounded(.down)
    let candidates: [Double] = [0, 1.0 / 8, 1.0 / 4, 1.0 / 3, 1.0 / 2, 2.0 / 3, 3.0 / 4, 1]
    let allowed = whole == 0 ? candidates.dropFirst() : candidates[...]
    let best = allowed.min { abs(whole + $0 - value) < abs(whole + $1 - value) } ?? 0
    return whole + best
  }
}

extension Double {
  /// Rid of binary noise: 0.30000000000000004 → 0.3.
  var tidy: Double { (self * 1_000_000).rounded() / 1_000_000 }
}
