import BasketArchive
import BasketKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Imports a recipe library: another app's export (Paprika's `.paprikarecipes`, Nextcloud
/// Cookbook's zip or folder, Mealie's backup zip), or a folder or zip of saved pages and
/// JSON-LD files. Each recipe is saved whole in one transaction, or not at all; one already in
/// the library (`RecipeFingerprint`) is skipped; one that can't be read is reported with its
/// reason, and the import goes on.
///
/// Bounded: an archive is read one entry at a time through libarchive, each entry held to
/// `RecipeLibraryLimits` (a declared size past it is refused before anything is unpacked),
/// nothing is ever written to disk from it, a path that leaves the archive's folder, a link
/// or an archive inside the archive is refused, and a folder is walked without following links.
/// Not thread-safe: one import, one thread.
public final class RecipeLibraryImporter {
  private let openBook: () throws -> RecipeBook
  private var opened: RecipeBook?
  let units: MeasurementSystem
  let progress: (LibraryImportProgress) -> Void
  private var fingerprints: Set<String>?
  private var summary: LibraryImportSummary
  private var unpacked: Int64 = 0
  private var recipesRead = 0
  private var entriesSeen = 0
  private var otherFiles = 0
  private var stopped = false

  /// `book` opens the library on the first recipe to save, so a file that holds none leaves
  /// the store as it was (not even made).
  public init(
    book: @escaping () throws -> RecipeBook, units: MeasurementSystem = .metric,
    progress: @escaping (LibraryImportProgress) -> Void = { _ in }
  ) {
    openBook = book
    self.units = units
    self.progress = progress
    summary = LibraryImportSummary(source: "")
  }

  /// Whether `path` is read as a library rather than one recipe: a folder, or an archive (by
  /// its first bytes: zip or gzip'd tar; or by its name: `.paprikarecipes`, `.zip`, `.tar`,
  /// `.tgz`, `.tar.gz`).
  public static func isLibrary(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    if info.st_mode & S_IFMT == S_IFDIR { return true }
    let lower = path.lowercased()
    if [".paprikarecipes", ".zip", ".tar", ".tgz", ".tar.gz"].contains(where: lower.hasSuffix) {
      return true
    }
    guard let head = try? prefix(of: path, count: 4) else { return false }
    return head.starts(with: [0x50, 0x4B, 0x03, 0x04])
      || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
  }

  /// Imports every recipe in the library at `path` (`name` is how the summary names it).
  ///
  /// - Throws: `LibraryImportError` when it can't be read at all (not an archive, nothing in
  ///   it is a recipe); `MissingLibrary` without libarchive (or libxml2, for saved pages);
  ///   `StoreError` when the store refuses a save (the recipes saved before it stay, each whole).
  public func importLibrary(at path: String, name: String? = nil) throws -> LibraryImportSummary {
    let shown = name ?? path
    summary = LibraryImportSummary(source: shown)
    var info = stat()
    guard stat(path, &info) == 0 else { throw LibraryImportError("there is no file \(path)") }
    if info.st_mode & S_IFMT == S_IFDIR {
      try walkFolder(path)
    } else {
      try LibArchive.require()
      guard Int64(info.st_size) <= RecipeLibraryLimits.archiveBytes else {
        throw LibraryImportError(
          "\(shown) is \(RecipeLimitError.size(Int(info.st_size))), more than a library may be (at most \(RecipeLimitError.size(Int(RecipeLibraryLimits.archiveBytes))))"
        )
      }
      try walkArchive(path, size: Int64(info.st_size), shown: shown)
    }
    report(1)
    if summary.isEmpty {
      let others =
        otherFiles == 0 ? "it is empty" : "none of its \(otherFiles) files is a recipe Basket reads"
      throw LibraryImportError(
        "no recipes found in \(shown) (\(others)); Basket reads Paprika, Nextcloud Cookbook and Mealie exports, schema.org JSON-LD files and saved pages"
      )
    }
    return summary
  }

  // MARK: - Walking

  private func walkArchive(_ path: String, size: Int64, shown: String) throws {
    let reader: ArchiveReader
    do {
      reader = try ArchiveReader(path: path, size: size)
      // NB: the first header says whether it is an archive at all.
      guard let first = try reader.next() else {
        throw LibraryImportError("no recipes found in \(shown) (the archive is empty)")
      }
      try visit(first, reader)
    } catch let error as ArchiveError {
      let what =
        path.lowercased().hasSuffix(".paprikarecipes") ? "a Paprika export" : "a recipe library"
      throw LibraryImportError("\(shown) is not \(what): \(error)")
    }
    while !stopped {
      report(reader.progress)
      let entry: ArchiveEntry?
      do {
        entry = try reader.next()
      } catch {
        fail(entry: shown, reason: "the archive stops being readable here: \(error)")
        return
      }
      guard let entry else { return }
      try visit(entry, reader)
    }
  }

  private func visit(_ entry: ArchiveEntry, _ reader: ArchiveReader) throws {
    entriesSeen += 1
    guard entriesSeen <= RecipeLibraryLimits.entries else {
      stop("the library holds more than \(RecipeLibraryLimits.entries) files; stopped here")
      return
    }
    if let why = Self.escapes(entry.path) {
      fail(entry: entry.path, reason: why)
      return
    }
    switch entry.kind {
    case .folder: return
    case .symbolicLink:
      fail(entry: entry.path, reason: "it is a symbolic link, which is never followed")
      return
    case .other:
      fail(entry: entry.path, reason: "it is a link or a special file, not a recipe file")
      return
    case .file: break
    }
    guard let kind = Self.kind(of: entry.path) else {
      otherFiles += 1
      return
    }
    if entry.encrypted {
      fail(entry: entry.path, reason: "it is encrypted")
      return
    }
    let limit =
      kind == .mealieDatabase ? RecipeLibraryLimits.databaseBytes : RecipeLibraryLimits.entryBytes
    if let declared = entry.declaredSize, declared > Int64(limit) {
      fail(entry: entry.path, reason: tooLarge(declared: Int(clamping: declared), limit: limit))
      return
    }
    try handle(kind, entry: entry.path, limit: limit) { try reader.read(limit: $0) }
  }

  private func walkFolder(_ root: String) throws {
    var files: [String] = []
    var pending: [(String, Int)] = [("", 0)]
    while let (relative, depth) = pending.popLast() {
      let folder = relative.isEmpty ? root : root + "/" + relative
      guard let directory = opendir(folder) else { continue }
      defer { closedir(directory) }
      var names: [String] = []
      while let item = readdir(directory) {
        let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      for name in names.sorted() {
        let path = relative.isEmpty ? name : relative + "/" + name
        entriesSeen += 1
        guard entriesSeen <= RecipeLibraryLimits.entries else {
          stop("the folder holds more than \(RecipeLibraryLimits.entries) files; stopped here")
          break
        }
        var info = stat()
        guard lstat(root + "/" + path, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          if depth + 1 < RecipeLibraryLimits.folderDepth { pending.append((path, depth + 1)) }
        case S_IFREG:
          files.append(path)
        case S_IFLNK:
          if Self.kind(of: path) != nil {
            fail(entry: path, reason: "it is a symbolic link, which is never followed")
          }
        default:
          break
        }
      }
    }
    files.sort()
    for (index, path) in files.enumerated() where !stopped {
      report(Double(index) / Double(max(1, files.count)))
      guard let kind = Self.kind(of: path) else {
        otherFiles += 1
        continue
      }
      let limit =
        kind == .mealieDatabase ? RecipeLibraryLimits.databaseBytes : RecipeLibraryLimits.entryBytes
      try handle(kind, entry: path, limit: limit) { limit in
        try Self.readFile(root + "/" + path, limit: limit)
      }
    }
  }

  // MARK: - Entries

  enum EntryKind: Equatable {
    case paprika
    case json
    case mealieDatabase
    case page
    case nestedArchive
  }

  /// What an entry is, by its name; nil for a file that holds no recipe (a picture, a
  /// stylesheet, a note).
  static func kind(of path: String) -> EntryKind? {
    let name = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
    let lower = name.lowercased()
    if lower.hasSuffix(".paprikarecipe") { return .paprika }
    if lower == "database.json" { return .mealieDatabase }
    if lower.hasSuffix(".json") || lower.hasSuffix(".jsonld") { return .json }
    if lower.hasSuffix(".html") || lower.hasSuffix(".htm") { return .page }
    if [".zip", ".paprikarecipes", ".tar", ".gz", ".tgz", ".7z", ".rar"].contains(
      where: lower.hasSuffix)
    {
      return .nestedArchive
    }
    return nil
  }

  /// Why an entry's path can't be taken, when it leaves the archive's folder.
  static func escapes(_ path: String) -> String? {
    if path.hasPrefix("/") || path.hasPrefix("\\") {
      return "its path is absolute, outside the archive's folder"
    }
    let parts = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
    if parts.contains("..") { return "its path climbs out of the archive's folder (\"..\")" }
    if let first = parts.first, first.count == 2, first.hasSuffix(":") {
      return "its path names a drive, outside the archive's folder"
    }
    return nil
  }

  private func handle(
    _ kind: EntryKind, entry: String, limit: Int, read: (Int) throws -> [UInt8]
  ) throws {
    if kind == .nestedArchive {
      fail(entry: entry, reason: "it is an archive inside the library, which is never opened")
      return
    }
    guard let bytes = entryBytes(entry, unless: "it could not be read", { try read(limit) }) else {
      return
    }
    unpacked += Int64(bytes.count)
    guard unpacked <= RecipeLibraryLimits.totalBytes else {
      stop(
        "the library unpacks to more than \(RecipeLimitError.size(Int(RecipeLibraryLimits.totalBytes))); stopped here"
      )
      return
    }
    switch kind {
    case .paprika:
      guard
        let inflated = entryBytes(
          entry, unless: "its gzip data can't be read",
          { try Gzip.inflate(bytes, limit: RecipeLibraryLimits.entryBytes) })
      else { return }
      try handleJSON(inflated, entry: entry, expecting: .paprika)
    case .json, .mealieDatabase:
      try handleJSON(bytes, entry: entry, expecting: nil)
    case .page:
      let recipe: Recipe
      do {
        recipe = try RecipeDocumentImporter.importDocument(bytes, from: "it", units: units)
      } catch let missing as MissingLibrary {
        throw missing
      } catch {
        fail(entry: entry, reason: "\(error)")
        return
      }
      var read = recipe
      read.doubt = nil
      summary.noteFormat(.page)
      try keep(LibraryRecipe(title: recipe.title, result: .success(read)), entry: entry)
    case .nestedArchive:
      break
    }
  }

  private func handleJSON(_ bytes: [UInt8], entry: String, expecting: RecipeLibraryFormat?) throws {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let value: JSONValue
    do {
      value = try JSONValue.parse(Array(body))
    } catch {
      fail(entry: entry, reason: "it is not valid JSON (\(error.message))")
      return
    }
    guard let (format, recipes) = RecipeLibraryFile.recipes(in: value) else {
      if expecting == .paprika {
        fail(entry: entry, reason: "it holds no Paprika recipe")
      } else {
        otherFiles += 1
      }
      return
    }
    let lower = entry.lowercased()
    summary.noteFormat(
      format == .jsonLD && (lower.hasSuffix("/recipe.json") || lower == "recipe.json")
        ? .nextcloud : format)
    for recipe in recipes where !stopped {
      try keep(recipe, entry: entry)
    }
  }

  /// Saves one recipe read from `entry` (one transaction), or notes why not.
  private func keep(_ read: LibraryRecipe, entry: String) throws {
    recipesRead += 1
    guard recipesRead <= RecipeLibraryLimits.recipes else {
      stop("the library holds more than \(RecipeLibraryLimits.recipes) recipes; stopped here")
      return
    }
    let recipe: Recipe
    switch read.result {
    case .failure(let why):
      fail(entry: entry, title: read.title, reason: why.description)
      return
    case .success(let found):
      recipe = found
    }
    let fingerprint = RecipeFingerprint.of(recipe)
    if fingerprints == nil { fingerprints = try existingFingerprints() }
    guard fingerprints?.insert(fingerprint).inserted == true else {
      summary.duplicates.append(recipe.title)
      return
    }
    var fresh = recipe
    fresh.id = nil
    do {
      summary.noteImported(try book().save(fresh))
    } catch let error as RecipeError {
      fingerprints?.remove(fingerprint)
      fail(entry: entry, title: recipe.title, reason: error.description)
    } catch let error as RecipeLimitError {
      fingerprints?.remove(fingerprint)
      fail(entry: entry, title: recipe.title, reason: error.description)
    }
  }

  private func book() throws -> RecipeBook {
    if let opened { return opened }
    let book = try openBook()
    opened = book
    return book
  }

  private func existingFingerprints() throws -> Set<String> {
    let book = try book()
    var out = Set<String>()
    for summary in try book.all() {
      if let recipe = try book.recipe(summary.id) { out.insert(RecipeFingerprint.of(recipe)) }
    }
    return out
  }

  /// What `read` gives for `entry`; nil, with the entry failed, when it is too large or
  /// `cannot` (be read, with the error).
  private func entryBytes(_ entry: String, unless cannot: String, _ read: () throws -> [UInt8])
    -> [UInt8]?
  {
    do {
      return try read()
    } catch ArchiveError.tooLarge(let limit) {
      fail(entry: entry, reason: tooLarge(limit: limit))
    } catch {
      fail(entry: entry, reason: "\(cannot): \(error)")
    }
    return nil
  }

  private func fail(entry: String, title: String? = nil, reason: String) {
    summary.failed.append(.init(entry: entry, title: title, reason: reason))
  }

  private func stop(_ reason: String) {
    guard !stopped else { return }
    stopped = true
    fail(entry: summary.source, reason: reason)
  }

  /// Why an entry too large was refused; `declared`, when its header said so before anything
  /// was unpacked.
  private func tooLarge(declared: Int? = nil, limit: Int) -> String {
    let most = "at most \(RecipeLimitError.size(limit))"
    guard let declared else {
      return "it unpacks to more than a recipe's file may be (\(most)); reading stopped there"
    }
    return
      "it says it unpacks to \(RecipeLimitError.size(declared)), more than a recipe's file may be (\(most)); nothing of it was unpacked"
  }

  private var lastReported = -1.0

  private func report(_ fraction: Double) {
    guard fraction >= 1 || fraction - lastReported >= 0.005 else { return }
    lastReported = fraction
    progress(
      LibraryImportProgress(
        fraction: fraction, imported: summary.imported.count,
        duplicates: summary.duplicates.count, failed: summary.failed.count))
  }

  // MARK: - Files

  static func prefix(of path: String, count: Int) throws -> [UInt8] {
    try readFile(path, limit: count, stopAtLimit: true)
  }

  /// The file at `path`, at most `limit` bytes; opened without following a link.
  static func readFile(_ path: String, limit: Int, stopAtLimit: Bool = false) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { throw LibraryImportError(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw LibraryImportError("it is not a regular file")
    }
    if !stopAtLimit, Int(info.st_size) > limit { throw ArchiveError.tooLarge(limit: limit) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit || !stopAtLimit {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      if !stopAtLimit, bytes.count + count > limit { throw ArchiveError.tooLarge(limit: limit) }
      bytes += chunk[..<count]
    }
    return stopAtLimit ? Array(bytes.prefix(limit)) : bytes
  }
}
