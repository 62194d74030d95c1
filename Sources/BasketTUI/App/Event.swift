import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything that can happen to the app: input, time, and the answers to its effects.
public enum Event: Equatable, Sendable {
  case key(Key)
  /// Text pasted in one go (bracketed paste): each full line is added.
  case paste(String)
  /// Time moved on to this instant.
  case tick(Date)
  case resize(Size)
  /// The store's items, read after a change here or in another process.
  case storeChanged(items: [Item], undoDeadline: Date?)
  /// Chips for a query ("" asks for the usuals).
  case suggestions(query: String, [Suggestion])
  case added([Basket.AddResult])
  case checked(CheckOutcome)
  /// The measure kind of an item whose quantity editor is opening.
  case measured(UUID, MeasureKind?)
  case cleared(Int)
  case undone(Int)
  /// An action failed; the message reads as a sentence for the user.
  case failed(String)
  /// The current shop's walking order, or nil with the reason it can't be shown.
  case walkingOrder(WalkingView?, reason: String?)
  /// To get's aisle categories, or nil: grouping by aisle stopped.
  case aisles(AisleView?)
  /// The saved recipes, most recently opened first.
  case recipesListed([RecipeSummary])
  case recipeOpened(Recipe)
  /// A recipe went on the list: how many lines became new items and how many joined one.
  case recipeAdded(title: String, added: Int, merged: Int)
  /// The plan of meals for a week.
  case weekShown(PlanDays)
  /// The list on show: its name, and how many lists the household has.
  case listShown(name: String, lists: Int)
}

/// Work for the runner: every change to the store, and the reads that answer with events.
public enum Effect: Equatable, Sendable {
  /// Adds typed text (quantities in it are understood: "2 l milk").
  case add(String)
  /// Adds a chip's name as it is.
  case addName(String)
  /// A change to an item or to Got it, made the one way every face's change is made
  /// (`Basket.change`): a check-off answers `.checked`, a clear `.cleared`, its undo `.undone`.
  case change(ListOperation.Change)
  /// Puts a removed item back: its name and amount added again.
  case bringBack(Item)
  /// Looks up chips for the text ("" for usuals); answers `.suggestions`.
  case suggest(String)
  /// Classifies an item to open its quantity editor; answers `.measured`.
  case measure(UUID, name: String)
  /// Starts (true) or stops showing the walking order; starting answers `.walkingOrder`, and
  /// so does every reload while it is shown.
  case showWalkingOrder(Bool)
  /// Teaches the current shop that these To get items are found in this order.
  case correctWalkingOrder([UUID])
  /// Starts (true) or stops grouping To get by aisle category; starting answers `.aisles`,
  /// and so does every reload while it is shown.
  case showAisles(Bool)
  /// Moves an item to another aisle category, remembered for its name.
  case setCategory(UUID, String)
  /// Reads the store again; answers `.storeChanged`.
  case reload
  /// Reads the saved recipes; answers `.recipesListed`.
  case listRecipes
  /// Opens a saved recipe (it counts as opened); answers `.recipeOpened`.
  case openRecipe(UUID)
  /// Puts a saved recipe on the list, for this many servings (nil: as written); answers
  /// `.recipeAdded`.
  case addRecipe(UUID, servings: Int?)
  /// Reads the plan for the week holding this day (nil: this week); answers `.weekShown`.
  case showWeek(PlanDate?)
  /// Shows the household's next list (after the last, the first); answers `.listShown` and
  /// `.storeChanged`.
  case nextList
  /// Forgets the screen and draws everything again.
  case redraw
  case quit
}
