import BasketBackup
import BasketKit
import BasketStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket backup [FILE]` and `basket restore FILE`: the household's store, secret and
/// certificate authority in one owner-only file, and back (see `HouseholdBackup`).
enum BackupCommand {
  static let help = """
    Usage: basket backup [FILE] [--json]
           basket restore FILE [--json]

    backup makes a consistent copy of the store while basket serve keeps running (SQLite's
    own backup, checked whole before it is kept), with what the household needs to come
    back: the household secret (STORE.secret) and the certificate authority (STORE.ca.pem,
    STORE.ca.key, STORE.ca.domains) when there is one. It is one .tar.gz file, readable only
    by you (it holds the secret and the authority's key); without FILE it goes beside the
    store as STORE.backup-TIME.tar.gz; FILE may be a folder. Keep a copy off this disk.

    restore checks that FILE is a Basket backup (or a Basket store file, such as a snapshot)
    from this version of Basket or an older one, keeps the store that is there as
    STORE.before-restore-TIME (nothing is deleted), and puts the backup's in its place, with
    its secret and authority (each one that differs kept as FILE.before-restore-TIME). A
    running basket serve shows the restored store at once; when the secret or the authority
    changed, restart it so it uses them.

    basket serve also keeps rolling snapshots on its own (see basket serve --help).

      --json   print what was done as JSON

    Exit status 1 when the store or the file can't be used; nothing is changed then.

    """

  static func backup(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.backup)
    let store = context.store.path
    guard FileSystem.exists(store) else { throw MissingStore(location: context.store) }
    var path =
      flags.positional.first ?? HouseholdBackup.defaultPath(store: store, now: context.clock.now)
    if FileArgument.kind(of: path) == .folder {
      let name =
        HouseholdBackup.defaultPath(store: store, now: context.clock.now)
        .split(separator: "/").last.map(String.init) ?? "basket.backup.tar.gz"
      path = path.hasSuffix("/") ? path + name : path + "/" + name
    }
    let made = try HouseholdBackup.make(store: store, to: path, now: context.clock.now)
    if flags.has("--json") {
      context.out(try JSONText.encode(BackupJSON(made)) + "\n")
      return 0
    }
    let with =
      made.files.isEmpty
      ? "" : ", with " + companionsText(made.files)
    context.out(
      """
      Backed up \(store) to \(made.path) (\(RecipeLimitError.size(Int(made.bytes)))):
      \(made.contents.text)\(with).
      Only you can read it. Keep a copy somewhere other than this disk too.

      """)
    return 0
  }

  static func restore(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.restore)
    let path = flags.positional[0]
    try FileArgument.readable(path, wanted: "a file basket backup made")
    let restored: HouseholdBackup.Restored
    do {
      restored = try HouseholdBackup.restore(
        from: path, store: context.store.path, now: context.clock.now)
    } catch let problem as HouseholdBackup.Problem {
      context.err("basket: \(problem)\n")
      return 1
    }
    if flags.has("--json") {
      context.out(try JSONText.encode(RestoreJSON(restored, store: context.store.path)) + "\n")
      return 0
    }
    var text = "Restored \(path)"
    if let made = restored.madeAt { text += " (made \(made))" }
    text += " into \(context.store.path).\n"
    text += "It holds \(restored.contents.text).\n"
    if let kept = restored.keptStoreAt {
      text += "The store that was there is kept at \(kept).\n"
    }
    if !restored.restoredFiles.isEmpty {
      text += "Put back " + companionsText(restored.restoredFiles) + ".\n"
    }
    for kept in restored.keptFiles {
      text += "The \(name(of: kept.name)) that was there is kept at \(kept.keptAt).\n"
    }
    text += "A running basket serve shows the restored store at once"
    text +=
      restored.changedServerFiles
      ? "; restart it so it uses the restored secret and authority (phones paired since the backup pair again).\n"
      : ".\n"
    context.out(text)
    return 0
  }

  /// "the household secret and certificate authority".
  static func companionsText(_ files: [String]) -> String {
    let secret = files.contains("secret")
    let authority = files.contains { $0.hasPrefix("ca.") }
    switch (secret, authority) {
    case (true, true): return "the household secret and certificate authority"
    case (true, false): return "the household secret"
    case (false, true): return "the certificate authority"
    case (false, false): return "nothing else"
    }
  }

  static func name(of file: String) -> String {
    switch file {
    case "secret": "household secret"
    case "ca.pem": "authority's certificate"
    case "ca.key": "authority's key"
    default: "authority's names"
    }
  }
}

/// `backup --json`.
struct BackupJSON: Encodable {
  var path: String
  var bytes: Int64
  var contents: StoreContents
  var files: [String]

  init(_ made: HouseholdBackup.Made) {
    path = made.path
    bytes = made.bytes
    contents = made.contents
    files = made.files
  }
}

/// `restore --json`.
struct RestoreJSON: Encodable {
  struct Kept: Encodable {
    var file: String
    var keptAt: String
  }

  var store: String
  @Nullable var madeAt: String? = nil
  var contents: StoreContents
  @Nullable var keptStoreAt: String? = nil
  var restoredFiles: [String]
  var keptFiles: [Kept]
  var restartServe: Bool

  init(_ restored: HouseholdBackup.Restored, store: String) {
    self.store = store
    madeAt = restored.madeAt
    contents = restored.contents
    keptStoreAt = restored.keptStoreAt
    restoredFiles = restored.restoredFiles
    keptFiles = restored.keptFiles.map { Kept(file: $0.name, keptAt: $0.keptAt) }
    restartServe = restored.changedServerFiles
  }
}

/// Whether anything is at a path.
enum FileSystem {
  static func exists(_ path: String) -> Bool {
    FileArgument.kind(of: path) != .missing
  }
}
