// swift-tools-version: 6.0
import PackageDescription

/// Where Debian keeps libxml2's headers (`pkg-config --cflags libxml-2.0`), for the targets that
/// import CLibXML2.
let libxml2Headers: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]

/// The functions a start of `basket` runs, in the order the linker lays them out.
let startupOrder = "\(Context.packageDirectory)/Data/footprint/startup.order"

let package = Package(
  name: "Basket",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "basket", targets: ["basket"]),
    .library(name: "BasketKit", targets: ["BasketKit"]),
  ],
  targets: [
    // MARK: - Core

    // The rules a phone needs offline, without Foundation: built here and, by
    // Tools/wasm/build.sh, for the browser with Embedded Swift (Web/app/rules.wasm).
    .target(name: "BasketRules"),
    .target(name: "BasketRulesBridge", dependencies: ["BasketRules"]),
    .target(name: "BasketKit", dependencies: ["BasketRules"]),

    // MARK: - Adapters

    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "BasketStore", dependencies: ["BasketKit", "CSQLite"]),
    .target(name: "BasketTUI", dependencies: ["BasketKit"]),
    // Backups, restores, snapshots and the household's export.
    .target(name: "BasketBackup", dependencies: ["BasketKit", "BasketStore", "BasketArchive"]),
    .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CLinux"),
    .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
    .target(name: "BasketCrypto", dependencies: ["BasketKit", "CCrypto"]),
    .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
    // NB: zlib too is opened on first use (the first client that accepts gzip), by BasketWeb.
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "BasketQR", dependencies: ["BasketKit", "CQREncode"]),
    // NB: libxml2, libcurl and libical are headers only here (no pkg-config, no `link`): their
    // adapters open them on first use, so a command pays only for the libraries it uses
    // (LinkedLibrariesTests reads the binary's needed list). Each adapter imports its module
    // `internal`, so only the adapter needs libxml2's include directory.
    // NB: libarchive too is headers only, opened on first use (archives are read and written
    // only by backups, exports and recipe libraries).
    .systemLibrary(name: "CArchive", providers: [.apt(["libarchive-dev"])]),
    .target(name: "BasketArchive", dependencies: ["BasketKit", "CArchive"]),
    .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "BasketFetch", dependencies: ["BasketKit", "CCurl"]),
    .target(
      name: "BasketRecipeImport",
      dependencies: ["BasketKit", "BasketArchive", "BasketFetch", "CLibXML2"],
      swiftSettings: libxml2Headers),
    .systemLibrary(name: "CICal", providers: [.apt(["libical-dev"])]),
    .target(
      name: "BasketCalDAV", dependencies: ["BasketKit", "CICal", "CLibXML2"],
      swiftSettings: libxml2Headers),
    // NB: runs the tesseract program (Debian tesseract-ocr) rather than linking libtesseract.
    .target(name: "BasketOCR", dependencies: ["BasketKit", "CLinux"]),
    .target(
      name: "BasketWeb",
      dependencies: [
        "BasketKit", "BasketCrypto", "BasketCalDAV", "BasketQR", "CMicroHTTPD", "CLinux", "CZlib",
      ]),

    // MARK: - Command line

    // The command line as a library: one declarative description per command (`CommandSpec`),
    // from which parsing, --help and shell completions are made; every command and printer.
    .target(
      name: "BasketCLI",
      dependencies: [
        "BasketKit", "BasketStore", "BasketTUI", "BasketWeb", "BasketRecipeImport", "BasketFetch",
        "BasketOCR", "BasketQR", "BasketCrypto", "BasketBackup", "CLinux",
      ]),

    // MARK: - Executables

    // NB: main.swift only: it reads the process's effects and calls BasketCLI.
    .executableTarget(
      name: "basket",
      dependencies: ["BasketCLI", "BasketKit"],
      // NB: the ~43,000 relative relocations of the statically linked runtime packed (DT_RELR,
      // glibc 2.36): 1 MB smaller. Gold has no such option; lld ships with the toolchain.
      // A release build lays out the functions a start runs side by side (Data/footprint/
      // startup.order, made by Tools/footprint/order.py): the kernel maps code 64 KB at a time,
      // and scattered they kept 6 MB of it resident; a name no longer there is skipped.
      linkerSettings: [
        .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
        .unsafeFlags(
          [
            "-Xlinker", "--symbol-ordering-file=\(startupOrder)",
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(configuration: .release)),
      ]),
    .executableTarget(
      name: "BasketBench",
      dependencies: [
        "BasketKit", "BasketStore", "BasketTUI", "BasketWeb", "BasketTestSupport", "CSQLite",
      ]),
    .executableTarget(name: "EmojiLab", dependencies: ["BasketKit", "BasketTestSupport"]),
    .executableTarget(
      name: "RecipeLab",
      dependencies: ["BasketKit", "BasketRecipeImport", "BasketTestSupport", "CLibXML2"],
      swiftSettings: libxml2Headers, linkerSettings: [.linkedLibrary("xml2")]),

    // MARK: - Fuzz targets

    .target(name: "SeedReplay"),

    .executableTarget(
      name: "FuzzJSONBody", dependencies: ["BasketWeb", "BasketKit", "SeedReplay"]),
    // NB: applies what it parses, so it needs a store: the in-memory one from test support.
    .executableTarget(
      name: "FuzzOps", dependencies: ["BasketWeb", "BasketKit", "BasketTestSupport", "SeedReplay"]),
    .executableTarget(
      name: "FuzzPantryAPI",
      dependencies: ["BasketWeb", "BasketKit", "BasketTestSupport", "SeedReplay"]),
    .executableTarget(
      name: "FuzzPlanAPI",
      dependencies: ["BasketWeb", "BasketKit", "BasketTestSupport", "SeedReplay"]),
    .executableTarget(name: "FuzzAddText", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(name: "FuzzRulesBridge", dependencies: ["BasketRulesBridge", "SeedReplay"]),
    .executableTarget(name: "FuzzAmount", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(name: "FuzzBarcode", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(name: "FuzzProducts", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(
      name: "FuzzCalDAV", dependencies: ["BasketCalDAV", "BasketKit", "SeedReplay"]),
    .executableTarget(name: "FuzzIngredientLine", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(
      name: "FuzzRecipeHTML", dependencies: ["BasketRecipeImport", "BasketKit", "SeedReplay"]),
    .executableTarget(name: "FuzzRecipeLibrary", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(
      name: "FuzzArchive",
      dependencies: [
        "BasketBackup", "BasketRecipeImport", "BasketKit", "BasketTestSupport", "SeedReplay",
      ]),
    .executableTarget(
      name: "FuzzRequest",
      dependencies: ["BasketWeb", "BasketKit", "BasketTestSupport", "SeedReplay"]),
    .executableTarget(name: "FuzzTesseractTSV", dependencies: ["BasketKit", "SeedReplay"]),
    .executableTarget(name: "FuzzPhotoHeader", dependencies: ["BasketOCR", "SeedReplay"]),

    // MARK: - Test support and tests

    .target(name: "BasketTestSupport", dependencies: ["BasketKit"]),
    .testTarget(name: "BasketKitTests", dependencies: ["BasketKit", "BasketTestSupport"]),
    .testTarget(
      name: "BasketStoreTests", dependencies: ["BasketStore", "BasketKit", "BasketTestSupport"]),
    .testTarget(
      name: "BasketCLITests", dependencies: ["BasketCLI", "BasketKit", "BasketTestSupport"]),
    // NB: these tests open their adapter with @testable, which loads its C modules too.
    .testTarget(
      name: "BasketRecipeImportTests",
      dependencies: ["BasketRecipeImport", "BasketArchive", "BasketKit", "BasketTestSupport"],
      swiftSettings: libxml2Headers),
    // The measuring tools' own rules: how a read page is scored.
    .testTarget(name: "RecipeLabTests", dependencies: ["RecipeLab"], swiftSettings: libxml2Headers),
    .testTarget(
      name: "BasketFetchTests", dependencies: ["BasketFetch", "BasketKit", "BasketTestSupport"]),
    .testTarget(
      name: "BasketCalDAVTests", dependencies: ["BasketCalDAV", "BasketKit", "BasketTestSupport"],
      swiftSettings: libxml2Headers),
    .testTarget(name: "BasketOCRTests", dependencies: ["BasketOCR", "BasketKit"]),
    .testTarget(
      name: "BasketTUITests", dependencies: ["BasketTUI", "BasketKit", "BasketTestSupport"]),
    .testTarget(
      name: "BasketWebTests",
      dependencies: [
        "BasketWeb", "BasketCrypto", "BasketKit", "BasketTestSupport", "BasketRecipeImport",
        "BasketStore", "CLinux",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// NB: every function in a section of its own in a release build, as the toolchain's own
// libraries are built, so the linker can order them (see `basket`) and drop the unused ones.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))
    ]
}
