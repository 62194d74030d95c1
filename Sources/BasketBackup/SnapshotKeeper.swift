import BasketKit
import BasketStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `basket serve`'s rolling snapshots: a backup (`HouseholdBackup`) into its own folder once
/// a day, the ones `SnapshotPlan` no longer keeps removed, and none taken when the disk would
/// be left with less free space than the policy keeps. Only files it named itself
/// (`snapshot-TIME.tar.gz`) are ever removed. Not thread-safe: one keeper, one thread.
public final class SnapshotKeeper {
  public let store: String
  public let folder: String
  public let policy: SnapshotPolicy
  /// The process's own connection to the store, which snapshots are copied through.
  let open: SQLiteStore?

  /// `open`: the store as this process has it open (a server's), so a snapshot never opens a
  /// second connection beside it (see `SQLiteStore.backup(to:)`).
  public init(
    store: String, folder: String? = nil, policy: SnapshotPolicy, open: SQLiteStore? = nil
  ) {
    self.store = store
    self.folder = folder ?? Self.defaultFolder(store: store)
    self.policy = policy
    self.open = open
  }

  /// `STORE.snapshots`, beside the store.
  public static func defaultFolder(store: String) -> String { store + ".snapshots" }

  /// What a look at the schedule did.
  public enum Outcome: Equatable, Sendable {
    /// A snapshot was made at `path` (`bytes` on disk); `removed` older ones went.
    case made(path: String, bytes: Int64, removed: Int)
    /// The last one is less than a day old.
    case notDue
    /// The disk has `free` bytes and the snapshot needs about `needed`, which would leave
    /// less than the policy keeps free.
    case noRoom(free: Int64, needed: Int64)
    case failed(String)
  }

  /// Makes a snapshot if one is due and there is room, then removes those the policy no
  /// longer keeps.
  public func tick(now: Date) -> Outcome {
    var info = stat()
    if stat(folder, &info) != 0 {
      guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
        return .failed("cannot make \(folder): \(String(cString: strerror(errno)))")
      }
    }
    let existing = snapshots()
    guard SnapshotPlan.isDue(newest: existing.map(\.date).max(), now: now) else { return .notDue }
    let needed = fileSize(store) + fileSize(store + "-wal")
    var disk = statvfs()
    if statvfs(folder, &disk) == 0 {
      let free = Int64(disk.f_bavail) * Int64(disk.f_frsize)
      let total = Int64(disk.f_blocks) * Int64(disk.f_frsize)
      guard SnapshotPlan.hasRoom(free: free, total: total, needed: needed, policy: policy) else {
        return .noRoom(free: free, needed: needed)
      }
    }
    let path = "\(folder)/\(Self.prefix)\(SQLiteStore.fileTimestamp(now))\(Self.suffix)"
    let made: HouseholdBackup.Made
    do {
      made = try HouseholdBackup.make(store: store, to: path, now: now, open: open)
    } catch {
      return .failed("\(error)")
    }
    return .made(path: made.path, bytes: made.bytes, removed: prune(now: now))
  }

  static let prefix = "snapshot-"
  static let suffix = ".tar.gz"

  /// The snapshots in the folder, by the time in their names.
  public func snapshots() -> [(date: Date, path: String)] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    return names.compactMap { name in
      guard name.hasPrefix(Self.prefix), name.hasSuffix(Self.suffix) else { return nil }
      let stamp = String(name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count))
      return Self.date(stamp).map { ($0, "\(folder)/\(name)") }
    }
  }

  /// Removes the snapshots the policy no longer keeps; how many went.
  func prune(now: Date) -> Int {
    let all = snapshots()
    let kept = SnapshotPlan.kept(all.map(\.date), policy: policy)
    var removed = 0
    for snapshot in all where !kept.contains(snapshot.date) {
      if unlink(snapshot.path) == 0 { removed += 1 }
    }
    return removed
  }

  /// "20261206T101500Z" → that instant (UTC); nil for anything else.
  static func date(_ stamp: String) -> Date? {
    let digits = Array(stamp.utf8)
    guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      Int(String(decoding: digits[range], as: UTF8.self))
    }
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar.date(
      from: DateComponents(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second))
  }

  private func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : 0
  }
}
