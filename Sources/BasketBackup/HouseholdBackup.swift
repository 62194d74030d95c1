import BasketArchive
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

/// A backup of the household: one `.tar.gz` file (any `tar` opens it), owner-only (0600),
/// holding a consistent copy of the store made while the server runs (SQLite's backup API,
/// checked with `integrity_check`), the household secret (`STORE.secret`) and, when there is
/// one, the certificate authority (`STORE.ca.pem`, `STORE.ca.key`, `STORE.ca.domains`), and a
/// `MANIFEST.json` saying what it is:
///
///     basket-backup/MANIFEST.json
///     basket-backup/basket.sqlite
///     basket-backup/secret, ca.pem, ca.key, ca.domains
///
/// NB: one file rather than a folder, so it goes onto a stick or another machine whole; tar
/// rather than zip, so each file keeps its owner-only mode when unpacked by hand. Written and
/// read with libarchive, which also reads the recipe libraries.
public enum HouseholdBackup {
  /// The files beside the store a household needs to come back, by suffix (see `HouseholdTLS`
  /// and `HouseholdSecret` in BasketWeb), and their names in the backup. The server's own
  /// certificate is not among them: it is issued again from the authority on start.
  public static let companions: [(suffix: String, name: String)] = [
    (".secret", "secret"), (".ca.pem", "ca.pem"), (".ca.key", "ca.key"),
    (".ca.domains", "ca.domains"),
  ]

  static let folder = "basket-backup/"
  static let storeName = "basket.sqlite"
  static let manifestName = "MANIFEST.json"
  /// The most a companion file may hold (a secret, a PEM certificate or key, a few names).
  static let companionBytes = 64 << 10
  /// The most a backup's store may unpack to: 16 GiB.
  static let storeBytes: Int64 = 16 << 30

  /// Where `basket backup` writes without a FILE: beside the store, named by the time.
  public static func defaultPath(store: String, now: Date) -> String {
    "\(store).backup-\(SQLiteStore.fileTimestamp(now)).tar.gz"
  }

  /// What a backup holds.
  public struct Made: Equatable, Sendable {
    public var path: String
    public var contents: StoreContents
    /// The companion files it holds ("secret", "ca.pem"…).
    public var files: [String]
    /// Its size on disk.
    public var bytes: Int64
  }

  /// Writes a backup of the store at `store` (and its companions) to `path`, a new file.
  ///
  /// - Throws: `StoreError` when the store can't be copied (not a Basket store, newer, a full
  ///   disk); `ArchiveError` when the archive can't be written; `MissingLibrary` without
  ///   libarchive. A backup that fails leaves no file behind.
  ///
  /// `open`, when given, is this process's own connection to the store, which the copy is made
  /// through (a server's: see `SQLiteStore.backup(to:)`); else a connection of its own.
  public static func make(
    store: String, to path: String, now: Date, open: SQLiteStore? = nil
  ) throws -> Made {
    try LibArchive.require()
    let scratch = "\(path).store-\(getpid())"
    defer { removeOwn(scratch) }
    let contents =
      try open.map { try $0.backup(to: scratch) }
      ?? SQLiteStore.backup(storeAt: store, to: scratch)
    var files: [String] = []
    do {
      let writer = try ArchiveWriter(path: path, format: .tarGzip)
      let stamp = Int64(now.timeIntervalSince1970)
      var manifest = Manifest(
        format: Manifest.formatName, version: 1, madeAt: ISO8601.string(now),
        store: store, contents: contents, files: [])
      var companionBytes: [(String, [UInt8])] = []
      for (suffix, name) in companions {
        guard let bytes = readSmallFile(store + suffix) else { continue }
        companionBytes.append((name, bytes))
        files.append(name)
      }
      manifest.files = files
      try writer.add(folder + manifestName, Array(try manifest.json().utf8), modified: stamp)
      try writer.add(folder + storeName, contentsOf: scratch, modified: stamp)
      for (name, bytes) in companionBytes {
        try writer.add(folder + name, bytes, modified: stamp)
      }
      try writer.close()
    } catch {
      removeOwn(path)
      throw error
    }
    var info = stat()
    let size = stat(path, &info) == 0 ? Int64(info.st_size) : 0
    return Made(path: path, contents: contents, files: files, bytes: size)
  }

  /// What `MANIFEST.json` says.
  struct Manifest: Codable {
    static let formatName = "basket-backup"
    var format: String
    var version: Int
    var madeAt: String
    var store: String
    var contents: StoreContents
    var files: [String]

    func json() throws -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
  }

  // MARK: - Restoring

  /// What a restore did.
  public struct Restored: Equatable, Sendable {
    /// What the restored store holds.
    public var contents: StoreContents
    /// When the backup was made, as its manifest says (nil for a bare store file).
    public var madeAt: String?
    /// Where the store that was there is kept; nil when there was none.
    public var keptStoreAt: String?
    /// Companion files put in place ("secret", "ca.pem"…).
    public var restoredFiles: [String]
    /// Companion files that were different, and where the one before is kept.
    public var keptFiles: [(name: String, keptAt: String)]

    public static func == (a: Restored, b: Restored) -> Bool {
      a.contents == b.contents && a.madeAt == b.madeAt && a.keptStoreAt == b.keptStoreAt
        && a.restoredFiles == b.restoredFiles
        && a.keptFiles.map(\.name) == b.keptFiles.map(\.name)
        && a.keptFiles.map(\.keptAt) == b.keptFiles.map(\.keptAt)
    }

    /// Whether the secret or the authority changed, which a running server reads only at start.
    public var changedServerFiles: Bool { !keptFiles.isEmpty }
  }

  /// Why a file can't be restored, worded for the household.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Restores the backup at `path` (this format, or a bare Basket store file such as a
  /// snapshot's or `sqlite3 .backup`'s) into the store at `store`: checked first (a Basket
  /// store, not from a newer Basket, whole), then the store that is there is kept as
  /// `STORE.before-restore-<time>` and the backup's put in its place (see
  /// `SQLiteStore.restore`), and each companion file put beside it, one that was different
  /// kept as `<file>.before-restore-<time>`. Nothing is deleted but this process's own scratch
  /// copy.
  public static func restore(from path: String, store: String, now: Date) throws -> Restored {
    let stamp = SQLiteStore.fileTimestamp(now)
    try makeFolders(forFile: store)
    let scratch = "\(store).restoring-\(stamp)-\(getpid())"
    defer { removeOwn(scratch) }
    let header = (try? prefix(of: path, count: 16)) ?? []
    var madeAt: String?
    var companionsFound: [(name: String, bytes: [UInt8])] = []
    if header == Array("SQLite format 3\0".utf8) {
      try copyFile(path, to: scratch)
    } else {
      try LibArchive.require()
      (madeAt, companionsFound) = try unpack(path, storeTo: scratch)
    }
    let kept = freeName("\(store).before-restore-\(stamp)")
    let hadStore = FileSystem.size(of: store) > 0
    let contents: StoreContents
    do {
      contents = try SQLiteStore.restore(
        from: scratch, into: store, keepingOldAt: kept, now: now)
    } catch StoreError.newerSchema(let found, let supported, let at) where at == scratch {
      throw Problem(
        description:
          "\(path) was made by a newer Basket (schema \(found); this one knows up to \(supported)); update Basket to restore it. Nothing was changed."
      )
    } catch StoreError.cannotOpen(let at, let reason) where at == scratch {
      throw Problem(
        description: "\(path) can't be restored: \(reason). Nothing was changed.")
    }
    var restored = Restored(
      contents: contents, madeAt: madeAt, keptStoreAt: hadStore ? kept : nil, restoredFiles: [],
      keptFiles: [])
    for (name, bytes) in companionsFound {
      guard let suffix = companions.first(where: { $0.name == name })?.suffix else { continue }
      let target = store + suffix
      if let existing = readSmallFile(target) {
        if existing == bytes { continue }
        let aside = freeName("\(target).before-restore-\(stamp)")
        guard rename(target, aside) == 0 else {
          throw Problem(
            description:
              "the store was restored, but \(target) could not be moved aside (\(String(cString: strerror(errno)))); the backup's \(name) was not put in place"
          )
        }
        restored.keptFiles.append((name, aside))
      }
      try writePrivate(target, bytes)
      restored.restoredFiles.append(name)
    }
    return restored
  }

  /// Reads a backup archive: its store into the new file `storeTo`, its companions into
  /// memory, each held to its limit; refuses anything that isn't a Basket backup.
  private static func unpack(_ path: String, storeTo: String) throws -> (
    madeAt: String?, companions: [(name: String, bytes: [UInt8])]
  ) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw Problem(description: "\(path) is not a file")
    }
    let reader: ArchiveReader
    do {
      reader = try ArchiveReader(path: path, size: Int64(info.st_size))
    } catch let error as ArchiveError {
      throw Problem(
        description: "\(path) is not a Basket backup (\(error)); give a file basket backup made")
    }
    var manifest: Manifest?
    var hasStore = false
    var found: [(name: String, bytes: [UInt8])] = []
    while true {
      let entry: ArchiveEntry?
      do {
        entry = try reader.next()
      } catch {
        throw Problem(description: "\(path) is not a Basket backup (\(error))")
      }
      guard let entry else { break }
      guard entry.kind == .file, entry.path.hasPrefix(folder) else { continue }
      let name = String(entry.path.dropFirst(folder.count))
      do {
        switch name {
        case manifestName:
          let bytes = try reader.read(limit: companionBytes)
          manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes))
        case storeName:
          let descriptor = open(storeTo, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
          guard descriptor >= 0 else {
            throw Problem(
              description: "cannot make \(storeTo): \(String(cString: strerror(errno)))")
          }
          defer { close(descriptor) }
          _ = try reader.copy(to: descriptor, limit: storeBytes)
          hasStore = true
        case _ where companions.contains { $0.name == name }:
          found.append((name, try reader.read(limit: companionBytes)))
        default:
          continue
        }
      } catch let error as ArchiveError {
        throw Problem(description: "\(path) can't be read: its \(name) \(error)")
      }
    }
    guard let manifest, manifest.format == Manifest.formatName, hasStore else {
      throw Problem(
        description:
          "\(path) is not a Basket backup (it has no \(folder + manifestName) and \(folder + storeName)); give a file basket backup made"
      )
    }
    return (manifest.madeAt, found)
  }

  // MARK: - Files

  /// `base`, or `base-2`, `base-3`… when something (or its SQLite sidecars) is there.
  static func freeName(_ base: String) -> String {
    func taken(_ path: String) -> Bool {
      ["", "-wal", "-shm", "-journal"].contains { suffix in
        var info = stat()
        return lstat(path + suffix, &info) == 0
      }
    }
    var name = base
    var number = 2
    while taken(name) {
      name = "\(base)-\(number)"
      number += 1
    }
    return name
  }

  /// Makes the folders a new store at `path` goes in (owner-only, 0700), as opening one does.
  static func makeFolders(forFile path: String) throws {
    guard let slash = path.lastIndex(of: "/"), slash > path.startIndex else { return }
    let folder = String(path[..<slash])
    var info = stat()
    guard stat(folder, &info) != 0 else { return }
    try makeFolders(forFile: folder)
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
      throw Problem(description: "cannot make \(folder): \(String(cString: strerror(errno)))")
    }
  }

  /// A small file's bytes (a companion), or nil when there is none.
  static func readSmallFile(_ path: String) -> [UInt8]? {
    guard FileManager.default.fileExists(atPath: path),
      let data = FileManager.default.contents(atPath: path), data.count <= companionBytes
    else { return nil }
    return Array(data)
  }

  static func prefix(of path: String, count: Int) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Problem(description: "cannot read \(path)") }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
    return Array(bytes.prefix(max(0, got)))
  }

  /// Copies `source` to the new owner-only file `destination`.
  static func copyFile(_ source: String, to destination: String) throws {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw Problem(description: "cannot read \(source): \(String(cString: strerror(errno)))")
    }
    defer { close(input) }
    let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard output >= 0 else {
      throw Problem(
        description: "cannot make \(destination): \(String(cString: strerror(errno)))")
    }
    defer { close(output) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      try writeAll(output, chunk[..<count], path: destination)
    }
  }

  /// Writes `bytes` to the new owner-only file `path`.
  static func writePrivate(_ path: String, _ bytes: [UInt8]) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Problem(description: "cannot make \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    try writeAll(descriptor, bytes[...], path: path)
  }

  static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws {
    var rest = bytes
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        throw Problem(description: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      rest = rest.dropFirst(written)
    }
  }

  /// Removes a file this process made (a scratch copy, a backup that failed) and its SQLite
  /// sidecars; never anything else.
  static func removeOwn(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }
}

/// The few file facts a backup needs.
enum FileSystem {
  static func size(of path: String) -> Int64 {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
    return Int64(info.st_size)
  }
}
