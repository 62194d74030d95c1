#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rules that let phones change the list offline and send their changes later, each
/// applied exactly once, without bringing back what someone else removed.
///
/// `apply` is a pure function over a draft: it reads what the operation names (the operation
/// log, an alias, a tombstone, the item) and runs the list rule with the operation's time.
/// The rules, in order (ARCHITECTURE.md, "Changes made offline"):
/// 1. An operation id seen before is a duplicate: nothing changes, the earlier result stands.
///    An operation made longer ago than `OpLog.retention` is refused.
/// 2. `at` is clamped to `now`; list times come from it.
/// 3. Each field group changes only if `at` is not earlier than its last change.
/// 4. An item removed, or cleared past its undo window, or expired, is never brought back:
///    operations naming it are refused.
/// 5. An add merged into an existing item makes the phone's id an alias of it.
/// 6. A clear hides only the items it lists that are still in Got it; an undo names its clear
///    and works within the undo window counted from when the server applied that clear.
public enum SyncRules {
  /// Applies one change, made at `requestedAt` (by the maker's clock), and records it under
  /// `id` when there is one (changes made on the server need not be recorded).
  ///
  /// A nil `requestedAt` is a change made on this machine just now, whose item ids were made
  /// for it (the command line, the terminal app): an add then takes its place's time as its
  /// own, and one merged into an item already listed leaves no alias behind, as nobody else
  /// knows its id.
  ///
  /// A refused change leaves the draft as it was but for the tidying every change starts
  /// with, and its refusal recorded (so a replay is refused the same way).
  ///
  /// Cost: a few indexed reads (the operation, an alias, a tombstone, the item, the top of To
  /// get) and the rows it changes.
  public static func apply(
    _ change: ListOperation.Change, id: UUID?, at requestedAt: Date?, now: Date,
    classifier: any ItemClassifier, in draft: inout ListDraft
  ) -> OperationResult {
    if let id, let record = draft.operation(id) {
      var result = duplicate(of: record, now: now, in: draft)
      result.touched = result.item.flatMap { draft.item($0) }
      return result
    }
    guard (requestedAt ?? now) >= now.addingTimeInterval(-OpLog.retention) else {
      return .refused(.tooOld)
    }
    let at = min(requestedAt ?? now, now)
    let madeHere = requestedAt == nil
    ListRules.tidy(now: now, in: &draft)
    var attempt = draft
    var result: OperationResult
    do {
      result = try perform(
        change, at: at, madeHere: madeHere, now: now, classifier: classifier, in: &attempt)
      result.touched = result.item.flatMap { attempt.item($0) }
      draft = attempt
    } catch let refusal as Refusal {
      result = .refused(refusal)
    } catch let error as ListError {
      result = .refused(.list(error))
    } catch let error as NoteError {
      result = .refused(.note(error))
    } catch {
      result = .refused(.malformed("\(error)"))
    }
    if let id {
      var affected: [UUID] = []
      switch result.effect {
      case .cleared(let ids, _), .restored(let ids): affected = ids
      default: break
      }
      draft.record(
        OperationRecord(
          id: id, kind: change.kind, at: at, appliedAt: now, refusal: result.reason,
          item: result.item, affected: affected))
    }
    return result
  }

  private static func perform(
    _ change: ListOperation.Change, at: Date, madeHere: Bool, now: Date,
    classifier: any ItemClassifier, in draft: inout ListDraft
  ) throws -> OperationResult {
    let measure: (String) -> MeasureKind? = { classifier.classify($0).measure }
    switch change {
    case .add(let id, let entry):
      if let alias = draft.alias(id) {
        let target = try resolve(alias.item, in: draft, now: now)
        return OperationResult(status: .applied, item: target, effect: .added(.replayed(target)))
      }
      if let tombstone = draft.tombstone(id) { throw Refusal.gone(tombstone) }
      let added: AddEntry
      switch entry {
      case .text(let text):
        // NB: one add is one item, so that replaying it is safe; the faces split a line.
        let entries = try AddEntry.entries(typed: text, classifier: classifier)
        guard let first = entries.first else { throw ListError.emptyName }
        guard entries.count == 1 else { throw ListError.severalItems(entries.count) }
        added = first
      case .name(let name, let quantity):
        added = try AddEntry(name: name, quantity: quantity, classifier: classifier)
      case .measured(let name, let amount):
        added = try AddEntry(name: name, amount: amount, classifier: classifier)
      }
      let outcome = ListRules.add(added, id: id, at: madeHere ? nil : at, now: now, to: &draft)
      if outcome.id != id, !madeHere { draft.addAlias(id, for: outcome.id, at: now) }
      return OperationResult(status: .applied, item: outcome.id, effect: .added(outcome))
    case .check(let id):
      let target = try resolve(id, in: draft, now: now)
      let outcome = try ListRules.check(target, at: at, now: now, in: &draft)
      return OperationResult(
        status: .applied, item: target, effect: .checked(allDone: outcome.allDone))
    case .uncheck(let id):
      let target = try resolve(id, in: draft, now: now)
      try ListRules.uncheck(target, at: at, now: now, in: &draft)
      return OperationResult(status: .applied, item: target)
    case .rename(let id, let name, let then):
      let target = try resolve(id, in: draft, now: now)
      let cleaned = try ListRules.cleanName(name)
      try ListRules.rename(
        target, to: cleaned, emoji: classifier.classify(cleaned).emoji, at: at, measure: measure,
        now: now, in: &draft)
      switch then {
      case .keep: break
      case .clear:
        try ListRules.setQuantity(target, nil, measure: measure, at: at, now: now, in: &draft)
      case .set(let quantity):
        try ListRules.setQuantity(target, quantity, measure: measure, at: at, now: now, in: &draft)
      }
      return OperationResult(status: .applied, item: target)
    case .quantity(let id, let quantity):
      let target = try resolve(id, in: draft, now: now)
      try ListRules.setQuantity(target, quantity, measure: measure, at: at, now: now, in: &draft)
      return OperationResult(status: .applied, item: target)
    case .amount(let id, let amount):
      let target = try resolve(id, in: draft, now: now)
      try ListRules.setRecipeAmount(target, amount, at: at, now: now, in: &draft)
      return OperationResult(status: .applied, item: target)
    case .note(let id, let note):
      let target = try resolve(id, in: draft, now: now)
      try ListRules.setNote(target, note, at: at, now: now, in: &draft)
      return OperationResult(status: .applied, item: target)
    case .remove(let id):
      let target = try resolve(id, in: draft, now: now)
      try ListRules.remove(target, now: now, in: &draft)
      return OperationResult(status: .applied, item: target)
    case .clear(let ids):
      let hidden = ListRules.clear(
        ids.map { $0.map { draft.alias($0)?.item ?? $0 } }, now: now, in: &draft)
      let until = hidden.isEmpty ? nil : now.addingTimeInterval(ListTiming.undoWindow)
      return OperationResult(status: .applied, effect: .cleared(hidden, undoUntil: until))
    case .undo(nil):
      let restored = try ListRules.undoLatestClear(now: now, in: &draft)
      return OperationResult(status: .applied, effect: .restored(restored))
    case .undo(let clearID?):
      guard let clear = draft.operation(clearID), clear.kind == .clear else {
        throw Refusal.noSuchClear
      }
      guard clear.refusal == nil, !clear.affected.isEmpty else {
        return OperationResult(status: .applied, effect: .restored([]))
      }
      guard now.timeIntervalSince(clear.appliedAt) < ListTiming.undoWindow else {
        throw Refusal.tooLateToUndo
      }
      let restored = ListRules.restore(clear.affected, clearedAt: clear.appliedAt, in: &draft)
      return OperationResult(status: .applied, effect: .restored(restored))
    }
  }

  /// The server's id of the visible item `id` names (itself, or what its alias points to).
  ///
  /// - Throws: `Refusal.gone` for an item gone for good, `.hidden` for one hidden by a clear
  ///   still undoable, `.unknownItem` for an id the store doesn't know.
  public static func resolve(_ id: UUID, in draft: ListDraft, now: Date) throws -> UUID {
    let target = draft.alias(id)?.item ?? id
    if let item = draft.item(target) {
      if item.clearedAt != nil { throw Refusal.hidden(name: item.name) }
      guard !ListSections(items: [item], now: now).isEmpty else {
        throw Refusal.gone(Tombstone(id: target, name: item.name, reason: .expired, at: now))
      }
      return target
    }
    if let tombstone = draft.tombstone(target) { throw Refusal.gone(tombstone) }
    throw Refusal.unknownItem
  }

  /// The answer to an operation seen before: a duplicate of one that applied, the same
  /// refusal for one that was refused.
  private static func duplicate(
    of record: OperationRecord, now: Date, in draft: ListDraft
  ) -> OperationResult {
    if let reason = record.refusal { return .refused(.recorded(reason)) }
    let effect: OperationResult.Effect
    switch record.kind {
    case .add?: effect = record.item.map { .added(.replayed($0)) } ?? .none
    case .check?: effect = .checked(allDone: draft.topOfToGet() == nil)
    case .clear?:
      let until = record.appliedAt.addingTimeInterval(ListTiming.undoWindow)
      effect = .cleared(
        record.affected, undoUntil: until > now && !record.affected.isEmpty ? until : nil)
    case .undo?: effect = .restored(record.affected)
    default: effect = .none
    }
    return OperationResult(status: .duplicate, item: record.item, effect: effect)
  }
}

extension Basket {
  /// Applies operations made on a phone, in order, each as its own step (a refused one
  /// doesn't stop the rest), all in one store transaction. Returns one result per operation.
  ///
  /// Cost: one commit (one `fsync`) for the whole batch, and per operation the indexed reads
  /// and rows it touches.
  public func apply(_ operations: [ListOperation]) throws -> [OperationResult] {
    let now = self.now
    let classifier = environment.classifier
    return try store.modify(inOrder: operations) { operation, draft in
      SyncRules.apply(
        operation.change, id: operation.id, at: operation.at, now: now, classifier: classifier,
        in: &draft)
    }
  }

  /// Applies one change made through this server (by the web API's single routes), recorded
  /// under `id` when the client sent one, so a retried request never applies twice.
  public func apply(_ change: ListOperation.Change, at: Date? = nil, recordingAs id: UUID? = nil)
    throws -> OperationResult
  {
    let now = self.now
    let classifier = environment.classifier
    return try store.modify { draft in
      SyncRules.apply(
        change, id: id, at: at ?? now, now: now, classifier: classifier, in: &draft)
    }
  }
}

extension Basket {
  /// Runs `body`, a change made through one of the server's other routes (recipes, pantry,
  /// check-in, shops, trips), once per operation id `id` the client made for it: nil, with
  /// nothing run, for an id seen before (`ListStore.exactlyOnce`). The id is kept as long as
  /// a list operation's (`OpLog.retention`).
  public func exactlyOnce<T>(_ id: UUID, _ body: () throws -> T) throws -> T? {
    try store.exactlyOnce(id, at: now, body)
  }
}
