#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an import of a recipe library did: every recipe imported, skipped as already there,
/// or not imported with the reason. The command line prints it; the web app shows it.
public struct LibraryImportSummary: Equatable, Sendable, Encodable {
  public struct Imported: Equatable, Sendable, Encodable {
    public var id: String
    public var title: String
  }

  public struct Failure: Equatable, Sendable, Encodable {
    /// The file it was in ("Soup.paprikarecipe", "Recipes/Soup/recipe.json").
    public var entry: String
    /// The recipe's title, when it could be read.
    @Nullable public var title: String? = nil
    public var reason: String

    public init(entry: String, title: String? = nil, reason: String) {
      self.entry = entry
      self.title = title
      self.reason = reason
    }
  }

  /// The library's file or folder name.
  public var source: String
  /// The formats its recipes were in, in the order first met.
  public var formats: [RecipeLibraryFormat] = []
  public var imported: [Imported] = []
  /// Titles of the recipes already there (or twice in the library).
  public var duplicates: [String] = []
  public var failed: [Failure] = []

  public init(source: String) {
    self.source = source
  }

  public mutating func noteImported(_ recipe: Recipe) {
    imported.append(
      Imported(id: recipe.id?.uuidString.lowercased() ?? "", title: recipe.title))
  }

  public mutating func noteFormat(_ format: RecipeLibraryFormat) {
    if !formats.contains(format) { formats.append(format) }
  }

  /// Whether nothing at all was found to import, skip or refuse.
  public var isEmpty: Bool { imported.isEmpty && duplicates.isEmpty && failed.isEmpty }
}

/// How far an import has come, for a progress bar.
public struct LibraryImportProgress: Equatable, Sendable, Encodable {
  /// From 0 to 1: the share of the library's bytes read so far.
  public var fraction: Double
  public var imported: Int
  public var duplicates: Int
  public var failed: Int

  public init(fraction: Double, imported: Int = 0, duplicates: Int = 0, failed: Int = 0) {
    self.fraction = fraction
    self.imported = imported
    self.duplicates = duplicates
    self.failed = failed
  }
}

/// What a recipe library may hold, and what reading one may spend: every archive is read one
/// entry at a time, each held to its limit, so memory stays bounded by the largest entry.
///
/// A real Paprika export of 2,000 recipes with photos is about 400 MB; a recipe's own file is
/// a few KB (its photo aside, which Basket doesn't read).
public enum RecipeLibraryLimits {
  /// The archive a command reads: 1 GiB.
  public static let archiveBytes: Int64 = 1 << 30
  /// An archive uploaded to the web app: 64 MiB.
  public static let uploadBytes = 64 << 20
  /// One recipe's file, unpacked: a saved page's limit, 10 MiB.
  public static let entryBytes = RecipeLimits.pageBytes
  /// Mealie's `database.json`, which holds every recipe and is read whole: 32 MiB (about
  /// 4,700 recipes; 20 MB of it peaks at 129 MiB resident).
  public static let databaseBytes = 32 << 20
  /// Everything unpacked from one archive: 512 MiB.
  public static let totalBytes: Int64 = 512 << 20
  /// Entries (files and folders) looked at in one archive or folder.
  public static let entries = 50_000
  /// Recipes read from one library.
  public static let recipes = 10_000
  /// How deep a folder is walked.
  public static let folderDepth = 12
}

/// Why a library could not be read at all (a recipe that can't be read is only a line of the
/// summary). Exit 1 on the command line, 422 on the web.
public struct LibraryImportError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
