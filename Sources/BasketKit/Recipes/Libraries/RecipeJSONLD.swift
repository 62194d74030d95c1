/// A recipe as a schema.org `Recipe` in JSON-LD, the open shape every recipe app and search
/// engine reads; `basket recipe import` reads it back to the same recipe.
///
/// A group's heading is written as a line of its own marked as Nextcloud Cookbook marks them
/// ("## For the sauce"), which Nextcloud reads and the importer reads back as a heading
/// whatever its words; each line keeps its text as written (what was understood is the
/// importer's to read again), a line that would read as a heading kept by a `\` before it.
public enum RecipeJSONLD {
  public static func value(_ recipe: Recipe) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("@context", .string("https://schema.org")), ("@type", .string("Recipe")),
      ("name", .string(recipe.title)),
    ]
    if let source = recipe.source { members.append(("url", .string(source))) }
    if let image = recipe.image { members.append(("image", .string(image))) }
    if let yields = recipe.yields {
      members.append(("recipeYield", .string(yields)))
    } else if let servings = recipe.servings {
      members.append(("recipeYield", .number(Double(servings))))
    }
    for (key, minutes) in [
      ("prepTime", recipe.prepTime), ("cookTime", recipe.cookTime),
      ("totalTime", recipe.totalTime),
    ] {
      if let minutes { members.append((key, .string(duration(minutes)))) }
    }
    var lines: [JSONValue] = []
    for group in recipe.ingredientGroups {
      if let heading = group.heading { lines.append(.string("## " + heading)) }
      lines += group.ingredients.map { .string(kept($0.text)) }
    }
    members.append(("recipeIngredient", .array(lines)))
    members.append(
      (
        "recipeInstructions",
        .array(
          recipe.instructions.map {
            .object([("@type", .string("HowToStep")), ("text", .string(kept($0)))])
          })
      ))
    if let saved = recipe.savedAt {
      members.append(("dateCreated", .string(ISO8601.string(saved))))
    }
    if !readsBack(recipe.ingredientGroups, from: .object(members)),
      let at = members.firstIndex(
        where: { $0.0 == "recipeIngredient" })
    {
      // NB: a bare mark before the lines says they are grouped by marks alone, so "For the
      // sauce:" or "for large", lines in the app they came from, aren't read as headings.
      members[at].1 = .array([.string("##")] + lines)
    }
    return .object(members)
  }

  /// Whether `groups`, written in `node` without marks, read back as the same headings and
  /// lines (a schema.org reader takes a line such as "For the sauce:" for a heading).
  static func readsBack(_ groups: [IngredientGroup], from node: JSONValue) -> Bool {
    guard RecipeLibraryFile.markedGroups(node) == nil else { return true }
    let read = RecipeImporter.recipe(fromJSONLD: [node])?.ingredientGroups ?? []
    func shape(_ groups: [IngredientGroup]) -> [[String]] {
      groups.filter { !$0.ingredients.isEmpty }.map {
        [$0.heading ?? ""] + $0.ingredients.map(\.text)
      }
    }
    return shape(read) == shape(groups)
  }

  /// A line or step as written, with a `\` before it when it would read back as a heading
  /// ("## not a heading") or begins with one: the importer takes that one away again.
  static func kept(_ text: String) -> String {
    let trimmed = text.trimmingCharacters()
    return RecipeLibraryFile.isHeadingMark(trimmed) || trimmed.hasPrefix("\\")
      ? "\\" + trimmed : text
  }

  /// "PT1H30M" for 90 minutes.
  static func duration(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return "PT" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 || hours == 0 ? "\(rest)M" : "")
  }

  /// The file a recipe is exported to: its title as a file name ("red-lentil-soup"), made
  /// unique among `taken` with a number; never empty, never a path.
  public static func fileStem(_ title: String, taken: inout Set<String>) -> String {
    var stem = ""
    var dash = false
    for scalar in NameKey.folded(title).unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        stem.unicodeScalars.append(scalar)
        dash = false
      } else if !dash, !stem.isEmpty {
        stem += "-"
        dash = true
      }
      if stem.count >= 60 { break }
    }
    while stem.hasSuffix("-") { stem.removeLast() }
    if stem.isEmpty { stem = "recipe" }
    var unique = stem
    var number = 2
    while !taken.insert(unique).inserted {
      unique = "\(stem)-\(number)"
      number += 1
    }
    return unique
  }
}

/// What makes two recipes the same for an import: the same title (folded as names are) and
/// the same ingredient lines as written (case and spacing aside). A library imported twice,
/// or an export imported back, adds nothing the second time.
public enum RecipeFingerprint {
  public static func of(_ recipe: Recipe) -> String {
    var parts = [NameKey.of(recipe.title)]
    for line in recipe.ingredients {
      parts.append(RecipeText.normalizedWhitespace(line.text).lowercased())
    }
    return parts.joined(separator: "\n")
  }
}
