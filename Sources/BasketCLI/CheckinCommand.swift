import BasketKit

/// `basket checkin`: after a shop, what was checked off goes into the pantry, item by item.
enum CheckinCommand {
  /// `checkin [--accept-all | --skip-all | --later] [--all] [--ask] [--json]`: asks about each
  /// offer on a terminal (or with `--ask`); otherwise lists them and keeps them for later
  /// unless told what to do with all of them.
  static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.checkin)
    let choices = ["--accept-all", "--skip-all", "--later", "--ask"].filter(flags.has)
    guard choices.count <= 1 else {
      throw UsageError(message: "checkin takes one of \(choices.joined(separator: ", "))")
    }
    let basket: Basket
    do {
      basket = try context.openBasket(.existing)
    } catch let missing as MissingStore where missing.location.source.isDefault {
      context.out(flags.has("--json") ? "{\"decided\": [], \"waiting\": []}\n" : nothing)
      return 0
    }
    let pantry = try PantryCommand.book(over: basket)
    let offers = try pantry.checkin(basket.sections().gotIt, everything: flags.has("--all"))
    let interactive =
      choices.isEmpty && !flags.has("--json") && context.stdinIsTerminal || flags.has("--ask")
    var decided: [(CheckinOffer, String, PantryAddResult?)] = []
    if flags.has("--accept-all") {
      for offer in offers { decided.append((offer, "accepted", try pantry.accept(offer.id))) }
    } else if flags.has("--skip-all") {
      for offer in offers {
        try pantry.skip(offer.id)
        decided.append((offer, "skipped", nil))
      }
    } else if interactive {
      decided = try ask(offers, pantry: pantry, context: context)
    }
    let waiting = try pantry.pendingOffers()
    if flags.has("--json") {
      struct Decided: Encodable {
        var offer: PantryJSON.Offer
        var decision: String
        @Nullable var entry: PantryJSON.Entry? = nil
      }
      struct Out: Encodable {
        var decided: [Decided]
        var waiting: [PantryJSON.Offer]
      }
      let out = Out(
        decided: decided.map {
          Decided(
            offer: PantryJSON.Offer($0.0, joins: $0.2?.before), decision: $0.1,
            entry: $0.2.map { PantryJSON.Entry($0.entry) })
        },
        waiting: try waiting.map { PantryJSON.Offer($0, joins: try pantry.entry(for: $0)) })
      context.out(try JSONText.encode(out) + "\n")
      return 0
    }
    if offers.isEmpty {
      context.out(nothing)
      return 0
    }
    let style = Style(context: context)
    var out = ""
    for (offer, _, result) in decided where !interactive {
      if let result {
        out +=
          "Added \(offer.amountText) of \(offer.name): \(result.entry.name) \(result.entry.stockText).\n"
      } else {
        out += "Skipped \(offer.name).\n"
      }
    }
    if interactive {
      if !waiting.isEmpty {
        let count = waiting.count
        out +=
          "\(count) left for later: 'basket checkin' offers \(count == 1 ? "it" : "them") again.\n"
      }
    } else if !waiting.isEmpty {
      out += style.heading("Waiting to go into the pantry") + "\n"
      for offer in waiting {
        let joins =
          try pantry.entry(for: offer).map { " → \($0.name) (\($0.stockText))" } ?? " → new"
        let recipes = offer.recipes.map(\.title)
        let note = recipes.isEmpty ? "" : style.dim(" · for \(recipes.joined(separator: ", "))")
        out += "  \(offer.name): \(offer.amountText)\(joins)\(note)\n"
      }
      out +=
        style.dim("--accept-all puts them in, --skip-all drops them; on a terminal, checkin asks.")
        + "\n"
    }
    context.out(out)
    return 0
  }

  private static let nothing =
    "Nothing to check in. Things you check off that came from recipes or are in the pantry are offered here.\n"

  /// Asks about each offer: add, edit the amount, skip, later; "q" (or the end of input)
  /// leaves the rest for later.
  private static func ask(
    _ offers: [CheckinOffer], pantry: PantryBook, context: CommandContext
  ) throws -> [(CheckinOffer, String, PantryAddResult?)] {
    var decided: [(CheckinOffer, String, PantryAddResult?)] = []
    offers: for offer in offers {
      let joins = try pantry.entry(for: offer)
      let into = joins.map { "add to \($0.name) (\($0.stockText))" } ?? "add to the pantry"
      let recipes =
        offer.recipes.isEmpty ? "" : " for \(offer.recipes.map(\.title).joined(separator: ", "))"
      while true {
        context.out(
          "\(offer.name), \(offer.amountText)\(recipes): \(into)? [y]es, [e]dit, [s]kip, [l]ater, [q]uit: "
        )
        guard
          let answer = readLine()?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .lowercased()
        else {
          context.out("\n")
          break offers
        }
        switch answer {
        case "", "y", "yes":
          let result = try pantry.accept(offer.id)
          context.out("  \(result.entry.name): \(result.entry.stockText).\n")
          decided.append((offer, "accepted", result))
        case "e", "edit":
          var amount: IngredientQuantity?
          while amount == nil {
            context.out("  How much (such as 500 g, 2 l, 6; nothing to go back)? ")
            guard let typed = readLine() else { break offers }
            if typed.allSatisfy(\.isWhitespace) { break }
            do {
              amount = try PantryAmount.read(typed)
            } catch {
              context.out("  \(error)\n")
            }
          }
          guard let amount else { continue }
          do {
            let result = try pantry.accept(offer.id, amount: .set(amount))
            context.out("  \(result.entry.name): \(result.entry.stockText).\n")
            decided.append((offer, "accepted", result))
          } catch let error as PantryError {
            context.out("  \(error)\n")
            continue
          }
        case "s", "skip":
          try pantry.skip(offer.id)
          decided.append((offer, "skipped", nil))
        case "l", "later", "n", "not yet":
          break
        case "q", "quit":
          break offers
        default:
          context.out("  Answer y, e, s, l or q.\n")
          continue
        }
        break
      }
    }
    return decided
  }
}
