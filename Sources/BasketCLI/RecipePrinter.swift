import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The recipe commands' plain-text output.
enum RecipePrinter {
  /// The first eight characters of an id: enough to name a recipe on the command line.
  static func shortID(_ id: UUID) -> String {
    String(id.uuidString.lowercased().prefix(8))
  }

  /// A recipe as `recipe import` and `recipe show` print it: title, facts, numbered
  /// ingredients under their headings (uncertain ones marked), and the method.
  /// The notice above a recipe the reader is unsure of: why, and what to check.
  static func doubtNotice(_ doubt: RecipeDoubt, style: Style) -> String {
    style.bold("Basket isn't sure it read this page right.") + " " + doubt.reason
      + " Check the lines below against the page's own text, printed after them.\n\n"
  }

  /// The page's text a doubtful recipe was read from, to check the lines against.
  static func pageText(_ doubt: RecipeDoubt, style: Style) -> String {
    guard !doubt.pageText.isEmpty else { return "" }
    var out = "\n" + style.heading("The page's text") + "\n"
    for line in doubt.pageText { out += "  " + style.dim(line) + "\n" }
    return out
  }

  static func recipe(_ recipe: Recipe, style: Style) -> String {
    var out = style.heading(recipe.title.isEmpty ? "(untitled)" : recipe.title) + "\n"
    var facts: [String] = []
    if let yields = recipe.yields { facts.append(yields) }
    if let total = recipe.totalTime { facts.append(minutes(total)) }
    if let prep = recipe.prepTime { facts.append("prep " + minutes(prep)) }
    if let cook = recipe.cookTime { facts.append("cook " + minutes(cook)) }
    if !facts.isEmpty { out += facts.joined(separator: " · ") + "\n" }
    if let source = recipe.source { out += style.dim(source) + "\n" }
    if !recipe.ingredientGroups.isEmpty {
      out += "\n" + style.heading("Ingredients") + "\n"
      var number = 0
      let width = String(recipe.ingredients.count).count
      for group in recipe.ingredientGroups {
        if let heading = group.heading { out += "  " + style.bold(heading) + "\n" }
        for line in group.ingredients {
          number += 1
          let label = String(repeating: " ", count: width - String(number).count) + "\(number)."
          let mark = line.uncertain ? style.chip("  (not sure how to read this)") : ""
          out += "  \(label) \(line.text)\(mark)\n"
        }
      }
    }
    if !recipe.instructions.isEmpty {
      out += "\n" + style.heading("Method") + "\n"
      for (index, step) in recipe.instructions.enumerated() {
        out += "  \(index + 1). \(step)\n"
      }
    }
    return out
  }

  /// After a recipe read from photos: each line marked unsure, with where to look for it in the
  /// photos and the words Tesseract doubted.
  static func photoChecks(_ photo: PhotoRecipe, style: Style) -> String {
    var out = ""
    var number = 0
    for (group, sources) in zip(photo.recipe.ingredientGroups, photo.ingredientSources) {
      for (line, source) in zip(group.ingredients, sources) {
        number += 1
        guard line.uncertain else { continue }
        var note = "  \(number). \(line.text)"
        if let source {
          let box = source.region.box
          note +=
            " — photo \(source.region.page + 1), at x \(box.left), y \(box.top) "
            + "(\(box.width)×\(box.height) px)"
          if !source.doubtfulWords.isEmpty {
            note +=
              "; unsure of " + source.doubtfulWords.map { "\"\($0)\"" }.joined(separator: ", ")
          }
        }
        out += note + "\n"
      }
    }
    guard !out.isEmpty else { return "" }
    return "\n" + style.heading("Check against the photo") + "\n" + out
  }

  /// What `recipe parse` understood of a line, under the line.
  static func understanding(_ line: IngredientLine, style: Style) -> String {
    var parts: [String] = []
    if let quantity = line.quantity { parts.append(KitchenAmountFormat.text(quantity)) }
    if let size = line.size { parts.append("size: \(size)") }
    if let pack = line.packSize { parts.append("pack: \(KitchenAmountFormat.text(pack))") }
    parts.append(line.name.isEmpty ? "(no name)" : line.name)
    if let preparation = line.preparation { parts.append("preparation: \(preparation)") }
    if let note = line.note { parts.append("note: \(note)") }
    if line.optional { parts.append("optional") }
    if !line.alternatives.isEmpty {
      parts.append("or: " + line.alternatives.joined(separator: ", "))
    }
    let doubt = line.uncertain ? style.chip(" (not sure)") : ""
    return line.text + "\n  → " + parts.joined(separator: " · ") + doubt + "\n"
  }

  /// One saved recipe in a list: title, facts and short id.
  static func summary(_ summary: RecipeSummary, style: Style) -> String {
    var facts: [String] = []
    if let yields = summary.yields { facts.append(yields) }
    if let total = summary.totalTime { facts.append(minutes(total)) }
    facts.append("\(summary.ingredientCount) ingredient\(summary.ingredientCount == 1 ? "" : "s")")
    return "\(summary.title)  "
      + style.dim(facts.joined(separator: " · ") + "  " + shortID(summary.id))
      + "\n"
  }

  /// A line as amount and name, without the notes that say why it was left out.
  private static func plain(_ line: IngredientLine) -> String {
    (line.quantity.map { KitchenAmountFormat.text($0) + " " } ?? "") + line.name
  }

  /// What `recipe add` did, a line each.
  static func added(
    _ recipe: Recipe, servings: Int?, _ results: [RecipeLineResult], staples: Staples = .none,
    style: Style
  ) -> String {
    let serves =
      recipe.yield.map { " (\($0.text))" } ?? (servings ?? recipe.servings).map {
        " (\($0) servings)"
      }
      ?? ""
    var out = "Added \(recipe.title)\(serves) to the list:\n"
    for result in results {
      out += "  " + line(result, staples: staples, style: style) + "\n"
    }
    return out
  }

  private static func line(_ result: RecipeLineResult, staples: Staples, style: Style) -> String {
    let name = result.item?.name ?? result.line.name
    let after = result.item?.shownAmount
    let amount = ItemAmount(result.line)?.text
    switch result.outcome {
    case .added:
      return "Added " + (result.item.map(style.itemLabel) ?? name)
    case .restored:
      return "Back from Got it: " + (result.item.map(style.itemLabel) ?? name)
    case .skipped:
      let why = LeftOutLines.reason(for: result.line, staples: staples).map { " (\($0))" } ?? ""
      let said = why.isEmpty ? result.line.text : plain(result.line)
      return style.dim("Skipped \(said)\(why)")
    case .refused(let reason):
      return "Couldn't add \"\(result.line.text)\": \(reason)"
    case .merged(.noAmount):
      return "\(name) was already on the list" + (after.map { " (\($0))" } ?? "")
    case .merged(.sideBySide):
      return "\(name): \(amount ?? "") kept beside \(result.before ?? "the rest") → \(after ?? "")"
    case .merged(.summed), .merged(.converted):
      return "\(name): \(result.before ?? "") + \(amount ?? "") → \(after ?? "")"
    }
  }

  /// "35 min", "1 h 20 min".
  static func minutes(_ total: Int) -> String {
    total < 60 ? "\(total) min" : "\(total / 60) h" + (total % 60 == 0 ? "" : " \(total % 60) min")
  }
}
